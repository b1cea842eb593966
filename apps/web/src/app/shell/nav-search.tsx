import { Suspense, useMemo, useState } from 'react';
import { Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { MenuNode } from '@energy/contracts';
import { useTranslation } from 'react-i18next';
import { Select } from './lazy-antd';
import { useFollowLink, useMenuName } from './menu-link';
import { searchablePages, searchTextOf } from './menu-model';
import { SelectStandIn } from './select-stand-in';

export const SEARCH_WIDTH = 240;

/** Search over every level-three page the staff can open. */
export function NavSearch({ menu }: { menu: MenuNode[] }) {
  const { t } = useTranslation();
  const name = useMenuName();
  const follow = useFollowLink();
  const [value, setValue] = useState<number | null>(null);
  // pressed before the Select was there: it opens, focused, once it is
  const [pressed, setPressed] = useState(false);
  const pages = useMemo(() => searchablePages(menu), [menu]);
  const options = pages.map(({ top, group, page }) => ({
    value: page.currentId,
    search: searchTextOf(page, group, top),
    label: (
      <span>
        {name(page)}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {name(top)} / {name(group)}
        </Typography.Text>
      </span>
    ),
  }));
  // antd Select loads right after the shell's first render; until then a stand-in of the same size
  const standIn = (
    <SelectStandIn
      width={SEARCH_WIDTH}
      placeholder={t('header.search')}
      suffix={<SearchOutlined />}
      aria-label={t('header.search')}
      onMouseDown={() => setPressed(true)}
    />
  );
  return (
    <Suspense fallback={standIn}>
      <Select
        showSearch={{ filterOption: (input, option) => !!option && option.search.includes(input.trim().toLowerCase()) }}
        value={value}
        autoFocus={pressed}
        defaultOpen={pressed}
        placeholder={t('header.search')}
        notFoundContent={t('header.searchEmpty')}
        suffixIcon={<SearchOutlined />}
        style={{ width: SEARCH_WIDTH }}
        options={options}
        data-testid="nav-search"
        aria-label={t('header.search')}
        onChange={(id: number) => {
          const hit = pages.find((p) => p.page.currentId === id);
          setValue(null);
          if (hit) follow(hit.page);
        }}
      />
    </Suspense>
  );
}
