import { useEffect, useState } from 'react';
import {
  App as AntApp,
  Button,
  Card,
  Col,
  Descriptions,
  Drawer,
  Empty,
  Form,
  InputNumber,
  Progress,
  Row,
  Select,
  Space,
  Table,
  Tree,
} from 'antd';
import { bsa } from '@energy/contracts/refs';
import type { RefInput, RefOutput } from '@energy/contracts/refs-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { bsaKeys, useDeviceTemplates, type BatteryTree, type StationRow } from '../queries';
import { ConfigCard } from './config-card';
import { MasterSlaveCard, QuarterCard } from './station-extras';
import { SetupCard } from './setup-card';
import '../texts';

type Stats = BatteryTree[number]['stats'];
type ApplyInput = RefInput<typeof bsa.edgeBsaTemplateApply>;
type Preview = RefOutput<typeof bsa.edgeBsaPreview>;

/**
 * A station's battery: its PCS bindings (meter, stacks), the tree stack > rack > pack with the count and
 * extremes of the cells' latest values, a pack's cells, and (with the edit button) applying templates
 * to build a stack at once, with a preview first and the job's progress after; the configuration of its
 * FCS (ConfigCard).
 */
export function BatteryDrawer({ station, onClose }: { station: StationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [packId, setPackId] = useState<number | null>(null);
  // the FCS reports its cells every few seconds: the tree follows
  const tree = useQuery({
    queryKey: bsaKeys.tree(station.id),
    queryFn: () => api(bsa.bsaBatteryTree, { bsaId: station.id }),
    refetchInterval: 5000,
  });
  const pcs = useQuery({ queryKey: bsaKeys.pcs(station.id), queryFn: () => api(bsa.bsaPcsBindingList, { bsaId: station.id }) });
  const cells = useQuery({
    queryKey: bsaKeys.cells(packId ?? 0),
    queryFn: () => api(bsa.neoBsaListCell, { packId: packId! }),
    enabled: packId !== null,
    refetchInterval: 5000,
  });
  const stats = (s: Stats) =>
    [
      t('bsa.tree.cells', { count: s.cells }),
      t('bsa.tree.reported', { reported: s.reported, cells: s.cells }),
      s.voltageMinV !== null ? t('bsa.tree.voltage', { min: s.voltageMinV.toFixed(3), max: s.voltageMaxV!.toFixed(3) }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  const treeData = (tree.data ?? []).map((s) => ({
    key: `s${s.id}`,
    title: `${s.code} ${s.name} — ${stats(s.stats)}`,
    selectable: false,
    children: s.racks.map((r) => ({
      key: `r${r.id}`,
      title: `${r.code} — ${stats(r.stats)}`,
      selectable: false,
      children: r.packs.map((p) => ({ key: `p${p.id}`, title: `${p.code} — ${stats(p.stats)}`, isLeaf: true })),
    })),
  }));
  const pack = tree.data?.flatMap((s) => s.racks.flatMap((r) => r.packs)).find((p) => p.id === packId);

  return (
    <Drawer open size="large" title={t('bsa.tree.title', { code: station.code })} onClose={onClose} data-testid="battery-drawer">
      <QuarterCard station={station} />
      <MasterSlaveCard station={station} />
      <Card size="small" title={t('bsa.tree.bindings')} style={{ marginBottom: 16 }}>
        <Table
          size="small"
          rowKey="deviceId"
          pagination={false}
          loading={pcs.isPending}
          dataSource={pcs.data ?? []}
          columns={[
            { key: 'pcs', title: t('bsa.pcs'), render: (_, r) => `${r.code} · ${r.name}` },
            { key: 'meter', title: t('bsa.tree.meter'), render: (_, r) => (r.meter ? r.meter.code : '-') },
            { key: 'stacks', title: t('bsa.tree.stacks'), render: (_, r) => r.stacks.map((s) => s.code).join(', ') || '-' },
          ]}
        />
      </Card>
      <Authorized code="b-bsa-station-edit">
        <ApplyCard station={station} />
      </Authorized>
      <PointTableCard bsaId={station.id} />
      <SetupCard bsaId={station.id} />
      <ConfigCard station={station} />
      <Card size="small" title={t('bsa.battery')}>
        {treeData.length && treeData.some((s) => s.children.length) ? (
          <Tree
            showLine
            treeData={treeData}
            onSelect={(keys) => setPackId(keys[0] ? Number(String(keys[0]).slice(1)) : null)}
            data-testid="battery-tree"
          />
        ) : (
          <Empty description={t('bsa.tree.empty')} />
        )}
        {pack && (
          <Table
            style={{ marginTop: 16 }}
            size="small"
            rowKey="id"
            title={() => t('bsa.tree.cellList', { code: pack.code })}
            loading={cells.isPending}
            dataSource={cells.data ?? []}
            pagination={{ pageSize: 24, hideOnSinglePage: true }}
            columns={[
              { key: 'code', title: t('bsa.code'), dataIndex: 'code' },
              { key: 'v', title: t('bsa.tree.cellVoltage'), dataIndex: 'voltageV', render: (v: number | null) => v?.toFixed(3) ?? '-' },
              {
                key: 't',
                title: t('bsa.tree.cellTemperature'),
                dataIndex: 'temperatureC',
                render: (v: number | null) => v?.toFixed(1) ?? '-',
              },
              { key: 's', title: t('bsa.tree.cellSoc'), dataIndex: 'socPct', render: (v: number | null) => v?.toFixed(1) ?? '-' },
            ]}
          />
        )}
      </Card>
    </Drawer>
  );
}

/** The station's point table as its templates make it: units x points per level and template. */
function PointTableCard({ bsaId }: { bsaId: number }) {
  const { t } = useTranslation();
  const table = useQuery({ queryKey: bsaKeys.pointTable(bsaId), queryFn: () => api(bsa.bsaConfigGet, { bsaId }) });
  return (
    <Card size="small" title={t('bsa.points.title', { total: table.data?.totalPoints ?? 0 })} style={{ marginBottom: 16 }}>
      <Table
        size="small"
        rowKey={(r) => `${r.level}-${r.templateId ?? 0}`}
        pagination={false}
        loading={table.isPending}
        dataSource={table.data?.groups ?? []}
        data-testid="point-table"
        columns={[
          {
            key: 'level',
            title: t('bsa.tree.level'),
            dataIndex: 'level',
            render: (v: 'rack' | 'pack' | 'cell') => t(`bsa.templates.levels.${v}`),
          },
          { key: 'template', title: t('bsa.points.template'), dataIndex: 'templateName', render: (v: string | null) => v ?? '-' },
          {
            key: 'points',
            title: t('bsa.templates.pointTemplate'),
            render: (_, r) => (r.pointTemplateName ? `${r.pointTemplateName} v${r.pointVersion}` : '-'),
          },
          { key: 'units', title: t('bsa.points.units'), dataIndex: 'units' },
          { key: 'perUnit', title: t('bsa.points.perUnit'), render: (_, r) => r.points.length },
          { key: 'total', title: t('bsa.points.total'), render: (_, r) => r.units * r.points.length },
        ]}
      />
    </Card>
  );
}

/** Apply templates to a stack: preview what it makes, then apply and follow the job. */
function ApplyCard({ station }: { station: StationRow }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Omit<ApplyInput, 'bsaId'>>();
  const [preview, setPreview] = useState<Preview | null>(null);
  const templates = useDeviceTemplates().data ?? [];
  const stacks = useQuery({ queryKey: bsaKeys.stacks(station.id), queryFn: () => api(bsa.bsaStackList, { bsaId: station.id }) });
  const status = useQuery({
    queryKey: bsaKeys.createStatus(station.id),
    queryFn: () => api(bsa.neoBsaCreateStatus, { bsaId: station.id }),
    refetchInterval: (q) => (q.state.data?.job.status === 'running' ? 1000 : false),
  });
  const options = (level: 'rack' | 'pack' | 'cell') =>
    templates.filter((d) => d.level === level).map((d) => ({ value: d.id, label: `${d.name}${d.childCount ? ` (${d.childCount})` : ''}` }));
  const input = async () => ({ ...(await form.validateFields()), bsaId: station.id });
  const job = status.data?.job;
  // a background build that finishes refreshes the tree
  useEffect(() => {
    if (job?.status === 'done') void queryClient.invalidateQueries({ queryKey: bsaKeys.tree(station.id) });
  }, [job?.status, queryClient, station.id]);
  const required = [{ required: true, message: t('bsa.wizard.required') }];
  // the form starts from the station's first stack and the racks it has (a stack without racks: 1)
  const firstStack = stacks.data?.[0];
  useEffect(() => {
    if (firstStack && form.getFieldValue('stackId') === undefined)
      form.setFieldsValue({ stackId: firstStack.id, racks: Math.max(1, firstStack.racks) });
  }, [firstStack, form]);
  const pickStack = (stackId: number) => {
    const racks = stacks.data?.find((s) => s.id === stackId)?.racks;
    if (racks) form.setFieldsValue({ racks });
  };

  return (
    <Card size="small" title={t('bsa.tree.apply')} style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" initialValues={{ racks: 1 }}>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="stackId" label={t('bsa.tree.stack')} rules={required}>
              <Select
                options={(stacks.data ?? []).map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
                onChange={pickStack}
                data-testid="apply-stack"
              />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="racks" label={t('bsa.tree.racks')} rules={required}>
              <InputNumber min={1} max={64} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {(['rack', 'pack', 'cell'] as const).map((level) => (
            <Col span={4} key={level}>
              <Form.Item name={`${level}TemplateId`} label={t(`bsa.tree.${level}Template`)} rules={required}>
                <Select options={options(level)} data-testid={`apply-${level}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Space>
          <Button
            onClick={() =>
              void input()
                .then((i) => api(bsa.edgeBsaPreview, i).then(setPreview))
                .catch(() => undefined)
            }
            data-testid="apply-preview"
          >
            {t('bsa.tree.preview')}
          </Button>
          <Button
            type="primary"
            disabled={!preview}
            loading={job?.status === 'running'}
            data-testid="apply-run"
            onClick={() =>
              void input()
                .then((i) => api(bsa.edgeBsaTemplateApply, i))
                .then(async (j) => {
                  setPreview(null);
                  if (j.status === 'done') void message.success(t('bsa.tree.done', { imported: j.imported }));
                  await queryClient.invalidateQueries({ queryKey: bsaKeys.all });
                })
                .catch(() => undefined)
            }
          >
            {t('bsa.tree.run')}
          </Button>
        </Space>
      </Form>
      {preview && (
        <Table
          style={{ marginTop: 12 }}
          size="small"
          rowKey="level"
          pagination={false}
          dataSource={preview.levels}
          data-testid="apply-preview-table"
          columns={[
            {
              key: 'level',
              title: t('bsa.tree.level'),
              dataIndex: 'level',
              render: (v: 'rack' | 'pack' | 'cell') => t(`bsa.templates.levels.${v}`),
            },
            { key: 'expected', title: t('bsa.tree.expected'), dataIndex: 'expected' },
            { key: 'existing', title: t('bsa.tree.existing'), dataIndex: 'existing' },
            { key: 'toCreate', title: t('bsa.tree.toCreate'), dataIndex: 'toCreate' },
          ]}
        />
      )}
      {job && (
        <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('bsa.status')}>
            {job.status === 'running'
              ? t('bsa.tree.progress', { processed: job.processed, total: job.total })
              : t('bsa.tree.done', { imported: job.imported })}
            <Progress percent={job.total ? Math.round((job.processed / job.total) * 100) : 100} size="small" />
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
