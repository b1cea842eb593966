import { useState } from 'react';
import { Button, Input, Select, Typography } from 'antd';
import { ou } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import { CustomerPicker } from '../../../shared/pickers/customer-picker';
import { DOMAIN_KEYS } from '../../../shared/query-keys';
import type { ListColumn } from '../../../shared/table/list-table';
import { OuAssetsDialog } from '../components/ou-assets-dialog';
import { OuFormDialog } from '../components/ou-form-dialog';
import { OuMembersDialog } from '../components/ou-members-dialog';
import { ouKeys, useDistrictName, useOuTypes, type OuRow } from '../queries';
import '../texts';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';

interface Filter {
  keyword?: string;
  typeId?: number;
  customerMcid?: string;
}

/** 'Jiangsu / Suzhou / Wuzhong · 88 Xinghu Street': the district path (looked up once per adcode) and the address. */
function DistrictAddress({ adcode, address }: { adcode: string | null; address: string | null }) {
  const district = useDistrictName(adcode);
  const text = [district, address].filter(Boolean).join(' · ');
  return text ? <span title={text}>{text}</span> : <Typography.Text type="secondary">-</Typography.Text>;
}

/** Settings › Operating units: filters, the list, create / edit / delete, members and devices of each OU. */
export default function OuPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const [shown, setShown] = useState<{ kind: 'members' | 'assets'; row: OuRow } | null>(null);
  const types = useOuTypes();
  const count = (kind: 'members' | 'assets') => (n: number, row: OuRow) => (
    <Button type="link" size="small" onClick={() => setShown({ kind, row })}>
      {n}
    </Button>
  );

  const columns: ListColumn<OuRow>[] = [
    { key: 'code', title: t('ou.code'), dataIndex: 'code', width: 140, showForce: true },
    { key: 'name', title: t('ou.name'), dataIndex: 'name', width: 180 },
    { key: 'type', title: t('ou.type'), dataIndex: 'typeName', width: 130, render: (v: string | null) => v ?? '-' },
    { key: 'customer', title: t('ou.customer'), dataIndex: 'customerName', width: 160 },
    {
      key: 'districtAddress',
      title: t('ou.districtAddress'),
      width: 260,
      render: (_, r) => <DistrictAddress adcode={r.districtAdcode} address={r.address} />,
    },
    { key: 'members', title: t('ou.members'), dataIndex: 'memberCount', width: 90, align: 'right', render: count('members') },
    { key: 'assets', title: t('ou.assets'), dataIndex: 'assetCount', width: 90, align: 'right', render: count('assets') },
    { key: 'created', title: t('ou.created'), dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v, zone) },
  ];

  return (
    <EntityListPage<OuRow, Filter>
      title={<TitleInZone title={t('ou.title')} zone={zone} />}
      testId="ou-page"
      cacheKey="ou.list"
      queryKey={ouKeys.page}
      fetch={(body: ListBody<Filter>) => api(ou.ouPage, body)}
      // the organisation tree counts OUs
      invalidate={[ouKeys.all, DOMAIN_KEYS.organization.all]}
      filters={[
        {
          name: 'keyword',
          label: t('ou.keyword'),
          node: <Input allowClear maxLength={64} placeholder={t('ou.keywordPlaceholder')} data-testid="ou-filter-keyword" />,
        },
        {
          name: 'typeId',
          label: t('ou.type'),
          node: (
            <Select
              allowClear
              placeholder={t('ou.all')}
              loading={types.isPending}
              options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
          ),
        },
        { name: 'customerMcid', label: t('ou.customer'), node: <CustomerPicker allowClear placeholder={t('ou.all')} /> },
      ]}
      columns={columns}
      actionsWidth={260}
      actions={[
        { key: 'edit', permission: 'b-ou-edit', label: t('ou.edit'), testId: (r) => `ou-edit-${r.id}`, onClick: (r, c) => c.edit(r) },
        {
          key: 'members',
          label: t('ou.members'),
          testId: (r) => `ou-members-${r.id}`,
          onClick: (row) => setShown({ kind: 'members', row }),
        },
        { key: 'assets', label: t('ou.assets'), testId: (r) => `ou-assets-${r.id}`, onClick: (row) => setShown({ kind: 'assets', row }) },
        {
          key: 'delete',
          permission: 'b-ou-delete',
          label: t('ou.delete'),
          testId: (r) => `ou-delete-${r.id}`,
          danger: true,
          disabled: (r) => (r.memberCount > 0 || r.assetCount > 0 ? t('ou.notEmpty') : false),
          confirm: {
            title: (r) => t('ou.deleteConfirm', { code: r.code, name: r.name }),
            content: t('ou.deleteHint'),
            okText: t('ou.delete'),
            testId: 'ou-delete-confirm',
            run: (r) => api(ou.ouDelete, { id: r.id }),
            done: (r) => t('ou.deleted', { code: r.code }),
          },
        },
      ]}
      create={{ permission: 'b-ou-create', label: t('ou.create'), testId: 'ou-create' }}
      dialog={(row, close) => <OuFormDialog editing={row} onClose={close} />}
    >
      {shown?.kind === 'members' && <OuMembersDialog row={shown.row} onClose={() => setShown(null)} />}
      {shown?.kind === 'assets' && <OuAssetsDialog row={shown.row} onClose={() => setShown(null)} />}
    </EntityListPage>
  );
}
