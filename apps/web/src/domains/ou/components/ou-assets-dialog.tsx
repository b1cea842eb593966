import { useMemo, useState } from 'react';
import { App as AntApp, Button, Form, Modal, Select, Table, Typography } from 'antd';
import { ou } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { ConfirmButton } from '../../../shared/confirm-button';
import { NOT_CLOSED_BY_MASK } from '../../../shared/form-dialog';
import { MODAL_WIDTH } from '../../../shared/modal';
import { useMyDevices } from '../../../shared/pickers/device-picker';
import { DOMAIN_KEYS } from '../../../shared/query-keys';
import { ouKeys, type OuRow } from '../queries';
import '../texts';

/**
 * The devices of an OU (width 800). With b-ou-edit, devices of the staff's other OUs can be moved in.
 * A device always has an OU, so none is taken out here (the server refuses that): it is moved in from
 * its new OU instead.
 */
export function OuAssetsDialog({ row, onClose }: { row: OuRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('b-ou-edit');
  const assets = useQuery({ queryKey: ouKeys.assets(row.id), queryFn: () => api(ou.ouAssets, { id: row.id }) });
  const devices = useMyDevices(canEdit);
  const [chosen, setChosen] = useState<number[]>([]);

  // devices of the other OUs, grouped by their OU
  const options = useMemo(() => {
    const groups = new Map<string, { value: number; label: string }[]>();
    for (const d of devices.data ?? []) {
      if (d.ouId === row.id) continue;
      const group = groups.get(d.ouName) ?? [];
      group.push({ value: d.id, label: `${d.code} · ${d.name}` });
      groups.set(d.ouName, group);
    }
    return [...groups].map(([ouName, list]) => ({ label: ouName, title: ouName, options: list }));
  }, [devices.data, row.id]);

  const moveIn = async () => {
    if (!chosen.length) return void message.warning(t('ou.assetsDialog.nothing'));
    const current = (assets.data ?? []).map((a) => a.deviceId);
    await api(ou.ouAssetsUpdate, { id: row.id, deviceIds: [...current, ...chosen] });
    void message.success(t('ou.assetsDialog.saved', { n: chosen.length, code: row.code }));
    setChosen([]);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ouKeys.all }),
      queryClient.invalidateQueries({ queryKey: DOMAIN_KEYS.devices.all }),
    ]);
  };

  return (
    <Modal
      open
      width={MODAL_WIDTH.large}
      title={t('ou.assetsDialog.title', { code: row.code, name: row.name })}
      onCancel={onClose}
      mask={NOT_CLOSED_BY_MASK}
      destroyOnHidden
      footer={
        <Button onClick={onClose} data-testid="ou-assets-close">
          {t('common.ok')}
        </Button>
      }
      data-testid="ou-assets-dialog"
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('ou.assetsDialog.current')}
      </Typography.Title>
      <Table
        rowKey="deviceId"
        size="small"
        loading={assets.isFetching}
        dataSource={assets.data ?? []}
        pagination={false}
        scroll={{ y: 280 }}
        locale={{ emptyText: t('ou.assetsDialog.empty') }}
        columns={[
          { key: 'code', title: t('ou.code'), dataIndex: 'code', width: 200 },
          { key: 'name', title: t('ou.name'), dataIndex: 'name' },
          { key: 'type', title: t('ou.assetsDialog.type'), dataIndex: 'typeName', width: 200 },
        ]}
        data-testid="ou-assets-table"
      />
      {canEdit && (
        <Form layout="vertical" style={{ marginTop: 16 }}>
          <Form.Item label={t('ou.assetsDialog.moveIn')} extra={t('ou.assetsDialog.moveInHint')}>
            <div style={{ display: 'flex', gap: 8 }}>
              <Select<number[]>
                mode="multiple"
                allowClear
                value={chosen}
                onChange={setChosen}
                options={options}
                loading={devices.isPending}
                placeholder={t('ou.assetsDialog.moveInPlaceholder')}
                showSearch={{ optionFilterProp: 'label' }}
                maxTagCount="responsive"
                style={{ flex: 1, minWidth: 0 }}
                data-testid="ou-assets-select"
              />
              <ConfirmButton type="primary" disabled={!chosen.length || assets.isPending} onClick={moveIn} data-testid="ou-assets-submit">
                {t('ou.assetsDialog.moveInButton')}
              </ConfirmButton>
            </div>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
