import { Suspense, useMemo, useState } from 'react';
import { Button, Tag, Typography } from 'antd';
import type { CurrentUser } from '@energy/contracts';
import { useTranslation } from 'react-i18next';
import { Select } from './lazy-antd';
import { SelectStandIn } from './select-stand-in';
import { useStaffList } from './shell-data';
import { useStaffSwitch } from './staff-switch';

export const STAFF_SELECT_WIDTH = 300;
export const TENANT_NAME_MAX_WIDTH = 150;

/**
 * Shown when the user has a staff and more than one staff account: the tenant name (only when the
 * accounts span more than one tenant, truncated at 150 px) and a 'switch' link that opens the list.
 */
export function StaffSwitcher({ current }: { current: CurrentUser }) {
  const { t } = useTranslation();
  const { data: list } = useStaffList();
  const [choosing, setChoosing] = useState(false);
  const switchTo = useStaffSwitch();
  const multiTenant = useMemo(() => new Set((list ?? []).map((s) => s.tenantMcid)).size > 1, [list]);
  if (!list || list.length <= 1) return null;

  if (choosing) {
    // the Select's chunk loads on the first 'switch' (or has with the search); a same-size stand-in until then
    return (
      <Suspense fallback={<SelectStandIn width={STAFF_SELECT_WIDTH} text={current.staff.staffCode} />}>
        <Select
          autoFocus
          defaultOpen
          data-testid="staff-select"
          style={{ width: STAFF_SELECT_WIDTH }}
          value={current.staff.id}
          onBlur={() => setChoosing(false)}
          onChange={(id: number) => {
            setChoosing(false);
            const entry = list.find((s) => s.id === id);
            if (entry && id !== current.staff.id) void switchTo(entry, { confirm: true, home: '/' });
          }}
          options={list.map((s) => ({
            value: s.id,
            label: (
              <span>
                {s.staffCode} · {s.customerName}
                {multiTenant && ` · ${s.tenantName}`}{' '}
                {s.status !== 0 && <Tag color={s.status === 1 ? 'default' : 'blue'}>{t(`staff.status${s.status}`)}</Tag>}
              </span>
            ),
          }))}
        />
      </Suspense>
    );
  }
  return (
    <span data-testid="staff-switcher" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      {multiTenant && (
        <Typography.Text ellipsis={{ tooltip: current.tenant.name }} style={{ maxWidth: TENANT_NAME_MAX_WIDTH }} data-testid="staff-tenant">
          {current.tenant.name}
        </Typography.Text>
      )}
      <Button type="link" size="small" onClick={() => setChoosing(true)} style={{ padding: 0 }}>
        {t('staff.switch')}
      </Button>
    </span>
  );
}
