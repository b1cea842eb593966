import { useState } from 'react';
import { App as AntApp, Button, Input, Select, Space, Tooltip, TreeSelect, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ou } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../../app/shell/permission';
import { api } from '../../../shared/api/client';
import { FilterForm } from '../../../shared/filter-form/filter-form';
import { ListPage } from '../../../shared/list-page/list-page';
import { useListQuery, type ListBody } from '../../../shared/list-page/use-list-query';
import { ListTable, type ListColumn } from '../../../shared/table/list-table';
import { confirmDelete } from '../../../shared/confirm-delete';
import { orgKeys, useOrgOptions } from '../../organization/queries';
import { OuAssetsDialog } from '../components/ou-assets-dialog';
import { OuFormDialog } from '../components/ou-form-dialog';
import { OuMembersDialog } from '../components/ou-members-dialog';
import { ouKeys, useDistrictName, useOuTypes, type OuRow } from '../queries';
import '../texts';
import { formatDateTime } from '../../../shared/format';

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

type Dialog = { kind: 'form'; editing?: OuRow } | { kind: 'members' | 'assets'; row: OuRow } | null;

/** Settings › Operating units: filters, the list, create / edit / delete, members and devices of each OU. */
export default function OuPage() {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const list = useListQuery({ queryKey: ouKeys.page, fetch: (body: ListBody<Filter>) => api(ou.ouPage, body) });
  const [dialog, setDialog] = useState<Dialog>(null);
  const types = useOuTypes();
  const orgs = useOrgOptions();

  const remove = (r: OuRow) =>
    confirmDelete(modal, {
      title: t('ou.deleteConfirm', { code: r.code, name: r.name }),
      content: t('ou.deleteHint'),
      okText: t('ou.delete'),
      cancelText: t('common.cancel'),
      testId: 'ou-delete-confirm',
      onConfirm: async () => {
        await api(ou.ouDelete, { id: r.id });
        void message.success(t('ou.deleted', { code: r.code }));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ouKeys.all }),
          queryClient.invalidateQueries({ queryKey: orgKeys.tree }),
        ]);
      },
    });

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
    {
      key: 'members',
      title: t('ou.members'),
      dataIndex: 'memberCount',
      width: 90,
      align: 'right',
      render: (n: number, r) => (
        <Button type="link" size="small" onClick={() => setDialog({ kind: 'members', row: r })}>
          {n}
        </Button>
      ),
    },
    {
      key: 'assets',
      title: t('ou.assets'),
      dataIndex: 'assetCount',
      width: 90,
      align: 'right',
      render: (n: number, r) => (
        <Button type="link" size="small" onClick={() => setDialog({ kind: 'assets', row: r })}>
          {n}
        </Button>
      ),
    },
    {
      key: 'created',
      title: t('ou.created'),
      dataIndex: 'createdAt',
      width: 150,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'actions',
      title: t('ou.actions'),
      width: 260,
      fixed: 'right',
      showForce: true,
      render: (_, r) => {
        const inUse = r.memberCount > 0 || r.assetCount > 0;
        return (
          <Space size={0} wrap={false}>
            <Authorized code="b-ou-edit">
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'form', editing: r })} data-testid={`ou-edit-${r.id}`}>
                {t('ou.edit')}
              </Button>
            </Authorized>
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'members', row: r })} data-testid={`ou-members-${r.id}`}>
              {t('ou.members')}
            </Button>
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'assets', row: r })} data-testid={`ou-assets-${r.id}`}>
              {t('ou.assets')}
            </Button>
            <Authorized code="b-ou-delete">
              <Tooltip title={inUse ? t('ou.notEmpty') : undefined}>
                <span>
                  <Button type="link" size="small" danger disabled={inUse} onClick={() => remove(r)} data-testid={`ou-delete-${r.id}`}>
                    {t('ou.delete')}
                  </Button>
                </span>
              </Tooltip>
            </Authorized>
          </Space>
        );
      },
    },
  ];

  return (
    <ListPage title={t('ou.title')} testId="ou-page">
      <FilterForm<Filter>
        fields={[
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
          {
            name: 'customerMcid',
            label: t('ou.customer'),
            node: (
              <TreeSelect
                allowClear
                treeDefaultExpandAll
                placeholder={t('ou.all')}
                showSearch={{ treeNodeFilterProp: 'title' }}
                treeData={orgs.data ?? []}
              />
            ),
          },
        ]}
        onQuery={list.query}
      />
      <ListTable<OuRow>
        cacheKey="ou.list"
        rowKey="id"
        columns={columns}
        {...list.table}
        toolbar={
          <Authorized code="b-ou-create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'form' })} data-testid="ou-create">
              {t('ou.create')}
            </Button>
          </Authorized>
        }
      />
      {dialog?.kind === 'form' && <OuFormDialog editing={dialog.editing} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'members' && <OuMembersDialog row={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'assets' && <OuAssetsDialog row={dialog.row} onClose={() => setDialog(null)} />}
    </ListPage>
  );
}
