import { useState } from 'react';
import { Alert, App as AntApp, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Spin, Table } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { bsa as schemas } from '@energy/contracts';
import { bsa } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { FormDialog } from '../../../shared/form-dialog';
import { formatDateTime } from '../../../shared/format';
import { MODAL_WIDTH } from '../../../shared/modal';
import { PageTitle } from '../../../shared/page-title';
import { useTenantZone } from '../../../shared/time-zone';
import { parseRanges, rangesText, type Range } from '../point-ranges';
import { bsaKeys, useDeviceTemplates, usePointTemplates, type BatteryLevel, type PointTemplateRow, type PointVersionRow } from '../queries';
import '../texts';

const LEVELS = schemas.BATTERY_LEVELS;

interface PointFields {
  key: string;
  name: string;
  unit: string;
  min: number;
  max: number;
  ranges?: string;
}

/** The versions of a data-point template with their points, newest first. */
function Versions({ template }: { template: PointTemplateRow }) {
  const { t } = useTranslation();
  const versions = useQuery({
    queryKey: bsaKeys.versions(template.id),
    queryFn: () => api(bsa.neoBsaPointVersionList, { templateId: template.id }),
  });
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      loading={versions.isPending}
      dataSource={versions.data ?? []}
      columns={[
        { key: 'version', title: t('bsa.templates.version'), dataIndex: 'version', width: 80, render: (v: number) => `v${v}` },
        { key: 'note', title: t('bsa.templates.note'), dataIndex: 'note', width: 180, render: (v: string | null) => v ?? '-' },
        {
          key: 'points',
          title: t('bsa.templates.pointTemplate'),
          render: (_, v) =>
            v.points
              .map((p) => `${p.key} (${p.unit}, ${p.min}..${p.max}${p.ranges.length ? `; ${rangesText(p.ranges)}` : ''})`)
              .join(' · '),
        },
      ]}
    />
  );
}

/**
 * A data-point template, or a new version of one: its points start from what the level must report
 * (key, unit) for the staff to adjust; ranges are typed as `2.8-3.65 normal, 3.65-5 fault`.
 */
function PointsDialog({ base, onClose }: { base?: PointTemplateRow; onClose: () => void }) {
  const { t } = useTranslation();
  // a new version starts from the latest version's points (and sends only what changed, from that version)
  const latest = useQuery({
    queryKey: bsaKeys.pointTemplate(base?.id ?? 0),
    queryFn: () => api(bsa.edgeBsaPointTemplate, { templateId: base!.id }),
    enabled: !!base,
  });
  if (base && !latest.data) {
    return (
      <FormDialog
        width={MODAL_WIDTH.big}
        title={`${t('bsa.templates.newVersion')} · ${base.name}`}
        onCancel={onClose}
        onSave={() => undefined}
      >
        <Spin />
      </FormDialog>
    );
  }
  return <PointsForm base={base} from={latest.data?.version} onClose={onClose} />;
}

/** Comparable text of a point (its fields in one order). */
const pointText = (p: { key: string; name: string; unit: string; min: number; max: number; ranges: Range[] }) =>
  JSON.stringify([p.key, p.name, p.unit, p.min, p.max, p.ranges.map((r) => [r.from, r.to, r.state])]);

function PointsForm({ base, from, onClose }: { base?: PointTemplateRow; from?: PointVersionRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ level: BatteryLevel; name: string; note?: string; points: PointFields[] }>();
  const defaults = (l: BatteryLevel): PointFields[] => schemas.REQUIRED_POINTS[l].map((p) => ({ ...p, min: 0, max: 100 }));
  const required = [{ required: true, message: t('bsa.wizard.required') }];
  const start = from ? from.points.map((p) => ({ ...p, ranges: rangesText(p.ranges) })) : defaults(base?.level ?? 'cell');
  const save = async () => {
    const v = await form.validateFields();
    const points = v.points.map((p, i) => {
      const parsed = parseRanges(p.ranges);
      if ('bad' in parsed) {
        form.setFields([{ name: ['points', i, 'ranges'], errors: [parsed.bad] }]);
        throw new Error(parsed.bad);
      }
      return { key: p.key, name: p.name, unit: p.unit ?? '', min: p.min, max: p.max, ranges: parsed.ranges };
    });
    if (base && from) {
      const before = new Map(from.points.map((p) => [p.key, pointText(p)]));
      const set = points.filter((p) => before.get(p.key) !== pointText(p));
      const remove = from.points.filter((p) => !points.some((q) => q.key === p.key)).map((p) => p.key);
      if (!set.length && !remove.length) void message.info(t('bsa.templates.unchanged'));
      else {
        const saved = await api(bsa.edgeBsaPointUpdateTemplateData, {
          templateId: base.id,
          basedOnVersion: from.version,
          set,
          remove,
          note: v.note,
        });
        void message.success(saved.unchanged ? t('bsa.templates.unchanged') : t('bsa.templates.saved'));
      }
    } else {
      await api(bsa.neoBsaPointTemplateInsert, { level: v.level, name: v.name, note: v.note, points });
      void message.success(t('bsa.templates.saved'));
    }
    await queryClient.invalidateQueries({ queryKey: bsaKeys.all });
    onClose();
  };
  return (
    <FormDialog
      width={MODAL_WIDTH.big}
      title={base ? `${t('bsa.templates.newVersion')} · ${base.name}` : t('bsa.templates.newPoints')}
      onCancel={onClose}
      onSave={() => save().catch(() => undefined)}
      saveTestId="points-save"
    >
      {from && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('bsa.templates.basedOn', { version: from.version })} />}
      <Form form={form} layout="vertical" initialValues={{ level: base?.level ?? 'cell', points: start }}>
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item name="level" label={t('bsa.templates.level')} rules={required}>
              <Select
                disabled={!!base}
                options={LEVELS.map((l) => ({ value: l, label: t(`bsa.templates.levels.${l}`) }))}
                onChange={(l: BatteryLevel) => form.setFieldValue('points', defaults(l))}
              />
            </Form.Item>
          </Col>
          {!base && (
            <Col span={9}>
              <Form.Item name="name" label={t('bsa.name')} rules={required}>
                <Input maxLength={64} data-testid="points-name" />
              </Form.Item>
            </Col>
          )}
          <Col span={9}>
            <Form.Item name="note" label={t('bsa.templates.note')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="points">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item name={[field.name, 'key']} rules={required}>
                    <Input placeholder={t('bsa.templates.key')} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'name']} rules={required}>
                    <Input placeholder={t('bsa.name')} style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'unit']}>
                    <Input placeholder={t('bsa.templates.unit')} style={{ width: 70 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'min']} rules={required}>
                    <InputNumber placeholder={t('bsa.templates.min')} style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'max']} rules={required}>
                    <InputNumber placeholder={t('bsa.templates.max')} style={{ width: 90 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'ranges']}>
                    <Input placeholder={`${t('bsa.templates.ranges')}: 2.8-3.65 normal`} style={{ width: 260 }} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ unit: '', min: 0, max: 100 })}>
                {t('bsa.templates.addPoint')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </FormDialog>
  );
}

/** A device template: its level, children per unit, ratings and the data-point version it reports. */
function DeviceDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{
    level: BatteryLevel;
    name: string;
    childCount?: number;
    nominalVoltageV: number;
    capacityAh: number;
    pointVersionId: number;
  }>();
  const level = Form.useWatch('level', form) ?? 'rack';
  const points = usePointTemplates().data ?? [];
  const required = [{ required: true, message: t('bsa.wizard.required') }];
  const save = async () => {
    const v = await form.validateFields();
    await api(bsa.edgeBsaTemplateCreate, { ...v, childCount: v.level === 'cell' ? null : v.childCount });
    void message.success(t('bsa.templates.saved'));
    await queryClient.invalidateQueries({ queryKey: bsaKeys.all });
    onClose();
  };
  return (
    <FormDialog
      width={MODAL_WIDTH.normal}
      title={t('bsa.templates.newDevice')}
      onCancel={onClose}
      onSave={() => save().catch(() => undefined)}
      saveTestId="device-template-save"
    >
      <Form form={form} layout="vertical" initialValues={{ level: 'rack' }}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="level" label={t('bsa.templates.level')} rules={required}>
              <Select
                options={LEVELS.map((l) => ({ value: l, label: t(`bsa.templates.levels.${l}`) }))}
                onChange={() => form.setFieldValue('pointVersionId', undefined)}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label={t('bsa.name')} rules={required}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          {level !== 'cell' && (
            <Col span={8}>
              <Form.Item name="childCount" label={t('bsa.templates.childCount')} rules={required}>
                <InputNumber min={1} max={64} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          <Col span={8}>
            <Form.Item name="nominalVoltageV" label={t('bsa.templates.nominalVoltage')} rules={required}>
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="capacityAh" label={t('bsa.templates.capacityAh')} rules={required}>
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="pointVersionId" label={t('bsa.templates.pointTemplate')} rules={required}>
              <Select
                options={points
                  .filter((p) => p.level === level)
                  .map((p) => ({ value: p.latestVersionId, label: `${p.name} v${p.latestVersion}` }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDialog>
  );
}

/** `/bsa/asset/battery-template`: data-point templates with their versions, and the device templates of rack, pack and cell. */
export default function BatteryTemplatePage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const points = usePointTemplates();
  const devices = useDeviceTemplates();
  const [dialog, setDialog] = useState<{ kind: 'points'; base?: PointTemplateRow } | { kind: 'device' } | null>(null);
  const level = (v: BatteryLevel) => t(`bsa.templates.levels.${v}`);
  return (
    <div data-testid="battery-templates">
      <PageTitle>{t('bsa.templateTitle')}</PageTitle>
      <Card
        size="small"
        title={t('bsa.templates.points')}
        style={{ marginBottom: 16 }}
        extra={
          <Authorized code="b-bsa-battery-template-create">
            <Button type="primary" onClick={() => setDialog({ kind: 'points' })} data-testid="points-create">
              {t('bsa.templates.newPoints')}
            </Button>
          </Authorized>
        }
      >
        <Table
          size="small"
          rowKey="id"
          loading={points.isPending}
          dataSource={points.data ?? []}
          pagination={false}
          expandable={{ expandedRowRender: (r) => <Versions template={r} /> }}
          columns={[
            { key: 'name', title: t('bsa.name'), dataIndex: 'name' },
            { key: 'level', title: t('bsa.templates.level'), dataIndex: 'level', render: level },
            { key: 'version', title: t('bsa.templates.version'), dataIndex: 'latestVersion', render: (v: number) => `v${v}` },
            { key: 'points', title: t('bsa.templates.pointCount'), dataIndex: 'points' },
            { key: 'updated', title: t('bsa.templates.updated'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v, zone) },
            {
              key: 'actions',
              title: '',
              render: (_, r) => (
                <Authorized code="b-bsa-battery-template-create">
                  <Button type="link" size="small" onClick={() => setDialog({ kind: 'points', base: r })} data-testid="points-new-version">
                    {t('bsa.templates.newVersion')}
                  </Button>
                </Authorized>
              ),
            },
          ]}
        />
      </Card>
      <Card
        size="small"
        title={t('bsa.templates.devices')}
        extra={
          <Authorized code="b-bsa-battery-template-create">
            <Button type="primary" onClick={() => setDialog({ kind: 'device' })} data-testid="device-template-create">
              {t('bsa.templates.newDevice')}
            </Button>
          </Authorized>
        }
      >
        <Table
          size="small"
          rowKey="id"
          loading={devices.isPending}
          dataSource={devices.data ?? []}
          pagination={false}
          columns={[
            { key: 'name', title: t('bsa.name'), dataIndex: 'name' },
            { key: 'level', title: t('bsa.templates.level'), dataIndex: 'level', render: level },
            { key: 'children', title: t('bsa.templates.childCount'), dataIndex: 'childCount', render: (v: number | null) => v ?? '-' },
            { key: 'voltage', title: t('bsa.templates.nominalVoltage'), dataIndex: 'nominalVoltageV' },
            { key: 'capacity', title: t('bsa.templates.capacityAh'), dataIndex: 'capacityAh' },
            { key: 'points', title: t('bsa.templates.pointTemplate'), render: (_, r) => `${r.pointTemplateName} v${r.pointVersion}` },
          ]}
        />
      </Card>
      {dialog?.kind === 'points' && <PointsDialog base={dialog.base} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'device' && <DeviceDialog onClose={() => setDialog(null)} />}
    </div>
  );
}
