import { useState } from 'react';
import { App as AntApp, Button, Card, Form, InputNumber, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { pv as schemas } from '@energy/contracts';
import { pv } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { useGranted } from '../../../shared/entity-list/permissions';
import { FormDialog } from '../../../shared/form-dialog';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { formatInZone, useTenantZone } from '../../../shared/time-zone';
import { pvKeys } from '../queries';
import { PagedTable } from './paged-table';

type Row = RefOutput<typeof pv.performanceConfigPage>['list'][number];
const fields = schemas.performanceConfigInput.shape;

/** The stations' performance config (γ, T_ref, minimum irradiance), who changed it and when; edited with b-pv-performance-config. */
export function ConfigTab() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const granted = useGranted();
  const p = (k: string, o?: Record<string, unknown>) => t(`pvPerf.${k}`, o);
  const [paging, setPaging] = useState({ pageOffset: 1, pageSize: 20 });
  const [editing, setEditing] = useState<Row | null>(null);
  const page = useQuery({ queryKey: pvKeys.of(pv.performanceConfigPage, paging), queryFn: () => api(pv.performanceConfigPage, paging) });
  const columns: TableColumnsType<Row> = [
    { title: p('code'), dataIndex: 'pvCode', width: 120 },
    { title: p('name'), dataIndex: 'pvName' },
    { title: p('gamma'), dataIndex: 'gammaPctPerK', align: 'right' },
    { title: p('tRef'), dataIndex: 'referenceTempC', align: 'right' },
    { title: p('minIrradiance'), dataIndex: 'minIrradianceWm2', align: 'right' },
    {
      title: '',
      key: 'c',
      render: (_, r) => <Tag color={r.configured ? 'processing' : undefined}>{p(r.configured ? 'configured' : 'defaults')}</Tag>,
    },
    { title: p('updatedBy'), dataIndex: 'updatedBy', render: (v: string | null) => v ?? '-' },
    { title: p('updatedAt'), dataIndex: 'updatedAt', render: (v: string | null) => (v ? formatInZone(v, zone) : '-') },
    ...(granted('b-pv-performance-config')
      ? [
          {
            key: 'edit',
            width: 90,
            render: (_: unknown, r: Row) => (
              <Button size="small" type="link" onClick={() => setEditing(r)} data-testid={`config-edit-${r.pvId}`}>
                {p('edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card>
      <PagedTable<Row>
        columns={columns}
        page={page.data}
        pending={page.isPending}
        paging={paging}
        onPaging={setPaging}
        testId="config-table"
      />
      {editing && <ConfigDialog row={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ConfigDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const p = (k: string, o?: Record<string, unknown>) => t(`pvPerf.${k}`, o);
  // the station's config as it is now (another user may have changed it since the list was read)
  const info = useQuery({
    queryKey: pvKeys.of(pv.performanceConfigInfo, { pvId: row.pvId }),
    queryFn: () => api(pv.performanceConfigInfo, { pvId: row.pvId }),
  });
  const save = useMutation({
    mutationFn: (values: { gammaPctPerK: number; referenceTempC: number; minIrradianceWm2: number }) =>
      api(pv.performanceConfigSetUp, { pvId: row.pvId, ...values }),
    onSuccess: async () => {
      message.success(p('saved'));
      await queryClient.invalidateQueries({ queryKey: pvKeys.all });
      onClose();
    },
  });
  const number = (name: 'gammaPctPerK' | 'referenceTempC' | 'minIrradianceWm2', label: string, step: number) => (
    <Form.Item name={name} label={label} rules={[requiredRule(label), zodRule(fields[name], label)]}>
      <InputNumber step={step} style={{ width: '100%' }} data-testid={`config-${name}`} />
    </Form.Item>
  );
  return (
    <FormDialog
      title={p('editTitle', { name: row.pvName })}
      width={MODAL_WIDTH.small}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveTestId="config-save"
    >
      {info.data && (
        <Form form={form} layout="vertical" initialValues={info.data} onFinish={(v) => save.mutate(v)}>
          {number('gammaPctPerK', p('gamma'), 0.01)}
          {number('referenceTempC', p('tRef'), 1)}
          {number('minIrradianceWm2', p('minIrradiance'), 10)}
        </Form>
      )}
    </FormDialog>
  );
}
