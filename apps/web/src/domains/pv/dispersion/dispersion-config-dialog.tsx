import { App as AntApp, Button, Flex, Form, Input, InputNumber, Modal, Select, Table, Tabs, Typography } from 'antd';
import { pv as schemas } from '@energy/contracts';
import { pv } from '@energy/contracts/refs';
import type { RefInput, RefOutput } from '@energy/contracts/refs-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/format';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { useTenantZone } from '../../../shared/time-zone';
import { pvKeys } from '../queries';
import './texts';

type Excluded = RefOutput<typeof pv.dispersionExcludeDevicePage>['list'][number];
type Wanted = NonNullable<RefInput<typeof pv.dispersionAnalysisSetUp>['excluded']>[number];
type Config = RefOutput<typeof pv.dispersionGetAnalysisConfig>;
const fields = schemas.dispersionConfigFields;

const settingsOf = (c: Config) => ({
  irradianceThreshold: c.irradianceThreshold,
  deadRatioPercent: c.deadRatioPercent,
  weakRatioPercent: c.weakRatioPercent,
  grouping: c.grouping,
  windowHours: c.windowHours,
});

/** Saves the station's configuration with its devices left out changed by `change` (the others keep who and when). */
async function saveExclusions(stationId: number, change: (current: Wanted[]) => Wanted[]) {
  const [config, current] = await Promise.all([
    api(pv.dispersionGetAnalysisConfig, { stationId }),
    api(pv.dispersionExcludeDevicePage, { stationId, pageSize: 100, pageOffset: 1 }),
  ]);
  const wanted = current.list.map((e) => ({ kind: e.kind, id: e.targetId, reason: e.reason }));
  return api(pv.dispersionAnalysisSetUp, { stationId, ...settingsOf(config), excluded: change(wanted) });
}

/** Leaves an inverter or string out of the station's analysis. */
export const excludeDevice = (stationId: number, device: Wanted) => saveExclusions(stationId, (w) => [...w, device]);

/** The station's classes, analysis configuration and devices left out (button b-pv-dispersion-config). */
export function DispersionConfigDialog({ stationId, onClose }: { stationId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const zone = useTenantZone();
  const queryClient = useQueryClient();
  const d = (k: string) => t(`pvDispersion.${k}`);
  const thresholds = useQuery({
    queryKey: pvKeys.of(pv.dispersionThresholdInfo, { stationId }),
    queryFn: () => api(pv.dispersionThresholdInfo, { stationId }),
  });
  const config = useQuery({
    queryKey: pvKeys.of(pv.dispersionGetAnalysisConfig, { stationId }),
    queryFn: () => api(pv.dispersionGetAnalysisConfig, { stationId }),
  });
  const excluded = useQuery({
    queryKey: pvKeys.of(pv.dispersionExcludeDevicePage, { stationId, pageSize: 100, pageOffset: 1 }),
    queryFn: () => api(pv.dispersionExcludeDevicePage, { stationId, pageSize: 100, pageOffset: 1 }),
  });
  const done = async () => {
    void message.success(d('saved'));
    await queryClient.invalidateQueries({ queryKey: pvKeys.all });
  };
  const saveClasses = useMutation({
    mutationFn: (v: { classes: { name: string; upperPercent?: number | null }[] }) =>
      api(pv.dispersionThresholdSetUp, {
        stationId,
        classes: v.classes.map((c, i) => ({ name: c.name, upperPercent: i === v.classes.length - 1 ? null : (c.upperPercent ?? null) })),
      }),
    onSuccess: done,
  });
  const saveConfig = useMutation({
    mutationFn: (v: ReturnType<typeof settingsOf>) => api(pv.dispersionAnalysisSetUp, { stationId, ...v }),
    onSuccess: done,
  });
  const restore = useMutation({
    mutationFn: (e: Excluded) => saveExclusions(stationId, (w) => w.filter((x) => !(x.kind === e.kind && x.id === e.targetId))),
    onSuccess: done,
  });

  const classesTab = thresholds.data && (
    <Form
      layout="vertical"
      initialValues={{ classes: thresholds.data.classes }}
      onFinish={(v: { classes: { name: string; upperPercent?: number | null }[] }) => saveClasses.mutate(v)}
      data-testid="dispersion-classes-form"
    >
      <Typography.Paragraph type="secondary">{d('thresholds.hint')}</Typography.Paragraph>
      <Form.List name="classes">
        {(items, { add, remove }) => (
          <Flex vertical gap={8}>
            {items.map((item, i) => (
              <Flex key={item.key} gap={8} align="start">
                <Form.Item name={[item.name, 'name']} rules={[requiredRule(d('thresholds.name'))]} style={{ marginBottom: 0, flex: 1 }}>
                  <Input placeholder={d('thresholds.name')} maxLength={32} />
                </Form.Item>
                {i < items.length - 1 ? (
                  <Form.Item name={[item.name, 'upperPercent']} rules={[requiredRule(d('thresholds.upper'))]} style={{ marginBottom: 0 }}>
                    <InputNumber min={0.01} max={1000} addonAfter="%" placeholder={d('thresholds.upper')} />
                  </Form.Item>
                ) : (
                  <Typography.Text style={{ width: 150, paddingTop: 5 }}>{d('thresholds.open')}</Typography.Text>
                )}
                <Button onClick={() => remove(item.name)} disabled={items.length <= 2}>
                  −
                </Button>
              </Flex>
            ))}
            <Button onClick={() => add({ name: '', upperPercent: null }, items.length - 1)} disabled={items.length >= 6}>
              {d('thresholds.add')}
            </Button>
            <Button type="primary" htmlType="submit" loading={saveClasses.isPending} data-testid="dispersion-classes-save">
              {t('common.save')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form>
  );

  const analysisTab = config.data && (
    <Form layout="vertical" initialValues={settingsOf(config.data)} onFinish={(v: ReturnType<typeof settingsOf>) => saveConfig.mutate(v)}>
      <Form.Item
        name="irradianceThreshold"
        label={d('analysis.irradiance')}
        rules={[zodRule(fields.irradianceThreshold, d('analysis.irradiance'))]}
      >
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="deadRatioPercent"
        label={d('analysis.deadRatio')}
        rules={[zodRule(fields.deadRatioPercent, d('analysis.deadRatio'))]}
      >
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="weakRatioPercent"
        label={d('analysis.weakRatio')}
        rules={[zodRule(fields.weakRatioPercent, d('analysis.weakRatio'))]}
      >
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="grouping" label={d('analysis.grouping')}>
        <Select options={schemas.DISPERSION_GROUPINGS.map((g) => ({ value: g, label: d(`analysis.groupings.${g}`) }))} />
      </Form.Item>
      <Form.Item name="windowHours" label={d('analysis.window')} rules={[zodRule(fields.windowHours, d('analysis.window'))]}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saveConfig.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );

  const exclusionsTab = (
    <Table<Excluded>
      rowKey="id"
      size="small"
      loading={excluded.isPending}
      dataSource={excluded.data?.list ?? []}
      pagination={false}
      columns={[
        { title: d('exclusions.kind'), dataIndex: 'kind', render: (v: string) => d(`exclusions.kinds.${v}`) },
        { title: d('exclusions.code'), key: 'code', render: (_, e) => (e.inverterCode ? `${e.inverterCode} / ${e.code}` : e.code) },
        { title: d('exclusions.reason'), dataIndex: 'reason' },
        { title: d('exclusions.by'), dataIndex: 'byName' },
        { title: d('exclusions.at'), dataIndex: 'at', render: (v: string) => formatDateTime(v, zone) },
        {
          title: '',
          key: 'restore',
          render: (_, e) => (
            <Button type="link" size="small" onClick={() => restore.mutate(e)}>
              {d('exclusions.restore')}
            </Button>
          ),
        },
      ]}
      data-testid="dispersion-excluded"
    />
  );

  return (
    <Modal open title={d('config')} onCancel={onClose} footer={null} width={720} destroyOnHidden data-testid="dispersion-config-dialog">
      <Tabs
        items={[
          { key: 'classes', label: d('thresholds.tab'), children: classesTab },
          { key: 'analysis', label: d('analysis.tab'), children: analysisTab },
          { key: 'excluded', label: `${d('exclusions.tab')} (${excluded.data?.totalCount ?? 0})`, children: exclusionsTab },
        ]}
      />
    </Modal>
  );
}
