import { useState } from 'react';
import { Button, Input, Select, Tag } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { bsaRemote } from '@energy/contracts/refs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';
import { CommandFormDialog } from '../components/command-form-dialog';
import { SendDialog } from '../components/send-dialog';
import { REMOTE_OPERATIONS_PATH } from '../paths';
import { remoteKeys, type CommandRow, type RemoteAction, type RemoteDeviceType } from '../queries';
import '../texts';

type Filter = { name?: string; deviceType?: RemoteDeviceType; action?: RemoteAction };

/** A command's parameter in words: its power range, its mode values, or a dash. */
function parameterText(r: CommandRow) {
  if (r.action === 'set-power') return `${r.minValue} … ${r.maxValue} ${r.unit}`;
  if (r.action === 'mode') return (r.options ?? []).map((o) => `${o.value} ${o.label}`).join(' / ');
  return '-';
}

/**
 * `/bsa/asset/remote-control`: the tenant's remote command catalogue (create, edit, delete with their
 * codes) and, per command, the send dialog (`b-bsa-remote-send`). Rows: `data-row-key` = the command id.
 */
export default function RemoteControlPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const [sending, setSending] = useState<CommandRow | null>(null);
  const columns: ListColumn<CommandRow>[] = [
    { key: 'name', title: t('bsaRemote.name'), dataIndex: 'name', width: 200, showForce: true },
    {
      key: 'deviceType',
      title: t('bsaRemote.deviceType'),
      dataIndex: 'deviceType',
      width: 100,
      render: (v: RemoteDeviceType) => <Tag>{t(`bsaRemote.types.${v}`)}</Tag>,
    },
    {
      key: 'action',
      title: t('bsaRemote.action'),
      dataIndex: 'action',
      width: 120,
      render: (v: RemoteAction) => t(`bsaRemote.actions.${v}`),
    },
    { key: 'parameter', title: t('bsaRemote.parameter'), width: 200, render: (_, r) => parameterText(r) },
    { key: 'description', title: t('bsaRemote.description'), dataIndex: 'description', width: 200, render: (v: string | null) => v ?? '-' },
    { key: 'sends', title: t('bsaRemote.sends'), dataIndex: 'sends', width: 80 },
    { key: 'updatedBy', title: t('bsaRemote.updatedBy'), dataIndex: 'updatedBy', width: 120, display: false },
    { key: 'updated', title: t('bsaRemote.updated'), dataIndex: 'updatedAt', width: 160, render: (v: string) => formatDateTime(v, zone) },
  ];
  return (
    <EntityListPage<CommandRow, Filter>
      title={<TitleInZone title={t('bsaRemote.title')} zone={zone} />}
      testId="remote-command-list"
      cacheKey="bsa-remote.commands"
      queryKey={remoteKeys.commands}
      fetch={(body: ListBody<Filter>) => api(bsaRemote.commandPage, body)}
      filters={[
        {
          name: 'name',
          label: t('bsaRemote.name'),
          node: <Input allowClear maxLength={64} placeholder={t('bsaRemote.namePlaceholder')} />,
        },
        {
          name: 'deviceType',
          label: t('bsaRemote.deviceType'),
          node: (
            <Select
              allowClear
              placeholder={t('bsaRemote.all')}
              options={(['pcs', 'fcs'] as const).map((v) => ({ value: v, label: t(`bsaRemote.types.${v}`) }))}
            />
          ),
        },
        {
          name: 'action',
          label: t('bsaRemote.action'),
          node: (
            <Select
              allowClear
              placeholder={t('bsaRemote.all')}
              options={(['start', 'stop', 'set-power', 'mode'] as const).map((v) => ({ value: v, label: t(`bsaRemote.actions.${v}`) }))}
            />
          ),
        },
      ]}
      columns={columns}
      actionsWidth={200}
      actions={[
        { key: 'send', permission: 'b-bsa-remote-send', label: t('bsaRemote.send'), testId: 'remote-send', onClick: (r) => setSending(r) },
        {
          key: 'edit',
          permission: 'b-bsa-remote-command-edit',
          label: t('bsaRemote.edit'),
          testId: 'remote-command-edit',
          onClick: (r, ctx) => ctx.edit(r),
        },
        {
          key: 'delete',
          permission: 'b-bsa-remote-command-delete',
          label: t('bsaRemote.delete'),
          testId: 'remote-command-delete',
          danger: true,
          confirm: {
            title: (r) => t('bsaRemote.deleteCommand', { name: r.name }),
            okText: t('bsaRemote.delete'),
            testId: 'remote-command-delete-confirm',
            run: (r) => api(bsaRemote.commandDelete, { id: r.id }),
            done: (r) => t('bsaRemote.deleted', { name: r.name }),
          },
        },
      ]}
      create={{ permission: 'b-bsa-remote-command-create', label: t('bsaRemote.create'), testId: 'remote-command-create' }}
      toolbar={() => (
        <Link to={REMOTE_OPERATIONS_PATH} data-testid="remote-operations-open">
          <Button icon={<HistoryOutlined />}>{t('bsaRemote.operations.open')}</Button>
        </Link>
      )}
      dialog={(row, close) => <CommandFormDialog editing={row} onClose={close} />}
    >
      <SendDialog command={sending} onClose={() => setSending(null)} />
    </EntityListPage>
  );
}
