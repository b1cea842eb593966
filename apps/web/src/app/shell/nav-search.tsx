import { useMemo, useState } from 'react';
import { Select, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { MenuNode } from '@energy/contracts';
import { useTranslation } from 'react-i18next';
import { useFollowLink } from './menu-link';
import { searchablePages } from './menu-model';

export const SEARCH_WIDTH = 240;

/** Search over every level-three page the staff can open. */
export function NavSearch({ menu }: { menu: MenuNode[] }) {
  const { t } = useTranslation();
  const follow = useFollowLink();
  const [value, setValue] = useState<number | null>(null);
  const pages = useMemo(() => searchablePages(menu), [menu]);
  const options = pages.map(({ top, group, page }) => ({
    value: page.currentId,
    search: `${page.name} ${group.name} ${top.name}`.toLowerCase(),
    label: (
      <span>
        {page.name}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {top.name} / {group.name}
        </Typography.Text>
      </span>
    ),
  }));
  return (
    <Select
      showSearch={{ filterOption: (input, option) => !!option && option.search.includes(input.trim().toLowerCase()) }}
      value={value}
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
  );
}
