import { useState } from 'react';
import { App as AntApp, Button, Flex, Form, Input, InputNumber, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { pv as schemas } from '@energy/contracts';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { confirmDelete } from '../../../shared/confirm-delete';
import { useGranted } from '../../../shared/entity-list/permissions';
import { FormDialog } from '../../../shared/form-dialog';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { pvKeys, type PvStationDetail } from '../queries';
import '../texts';

type Area = RefOutput<typeof pv.pvAreaList>[number];
const fields = schemas.pvAreaAdd.body!.shape;

/** A station's areas: the list, and with b-pv-station-edit add, edit and delete (an area holding equipment is refused by the server). */
export function AreasTab({ station }: { station: PvStationDetail }) {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const granted = useGranted();
  const canEdit = granted('b-pv-station-edit') && station.stage !== 'decommissioned';
  const areas = useQuery({
    queryKey: pvKeys.of(pv.pvAreaList, { pvId: station.id }),
    queryFn: () => api(pv.pvAreaList, { pvId: station.id }),
  });
  const [editing, setEditing] = useState<{ area?: Area } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: pvKeys.all });

  return (
    <Flex vertical gap={12} data-testid="pv-areas">
      {canEdit && (
        <Flex justify="flex-end">
          <Button icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="pv-area-add">
            {t('pv.area.add')}
          </Button>
        </Flex>
      )}
      <Table<Area>
        rowKey="id"
        size="small"
        pagination={false}
        loading={areas.isPending}
        dataSource={areas.data}
        columns={[
          { key: 'name', title: t('pv.name'), dataIndex: 'name' },
          { key: 'capacity', title: t('pv.capacity'), dataIndex: 'capacityKwp', align: 'right', render: (v: number | null) => v ?? '-' },
          { key: 'sort', title: t('pv.area.sort'), dataIndex: 'sort', width: 90 },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  width: 160,
                  render: (_: unknown, a: Area) => (
                    <Space>
                      <Button type="link" size="small" onClick={() => setEditing({ area: a })} data-testid="pv-area-edit">
                        {t('pv.edit')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger
                        data-testid="pv-area-delete"
                        onClick={() =>
                          confirmDelete(modal, {
                            title: t('pv.area.deleteConfirm', { name: a.name }),
                            okText: t('pv.delete'),
                            cancelText: t('common.cancel'),
                            testId: 'pv-area-delete-confirm',
                            onConfirm: async () => {
                              await api(pv.pvAreaDelete, { id: a.id });
                              void message.success(t('pv.area.deleted', { name: a.name }));
                              await refresh();
                            },
                          })
                        }
                      >
                        {t('pv.delete')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <AreaDialog pvId={station.id} area={editing.area} onClose={() => setEditing(null)} onSaved={refresh} />}
    </Flex>
  );
}

function AreaDialog({ pvId, area, onClose, onSaved }: { pvId: number; area?: Area; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; capacityKwp?: number | null; sort?: number }>();
  const save = useMutation({
    mutationFn: (v: { name: string; capacityKwp?: number | null; sort?: number }) => {
      const body = { name: v.name.trim(), capacityKwp: v.capacityKwp ?? null, sort: v.sort ?? 0 };
      return area ? api(pv.pvAreaUpdate, { id: area.id, ...body }) : api(pv.pvAreaAdd, { pvId, ...body });
    },
    onSuccess: async () => {
      await onSaved();
      onClose();
    },
  });
  return (
    <FormDialog
      width={MODAL_WIDTH.confirm}
      title={area ? t('pv.area.editTitle') : t('pv.area.addTitle')}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveTestId="pv-area-save"
    >
      <Form form={form} layout="vertical" initialValues={area ?? { sort: 0 }} onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="name"
          label={t('pv.name')}
          rules={[{ ...requiredRule(t('pv.name')), whitespace: true }, zodRule(fields.name, t('pv.name'))]}
        >
          <Input maxLength={64} data-testid="pv-area-name" />
        </Form.Item>
        <Form.Item name="capacityKwp" label={t('pv.capacity')}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="sort" label={t('pv.area.sort')}>
          <InputNumber min={0} max={9999} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
