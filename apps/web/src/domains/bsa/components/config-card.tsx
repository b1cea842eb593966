import { App as AntApp, Alert, Button, Card, Descriptions, Space, Table, Tabs, Tag } from 'antd';
import { bsa } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { formatDateTime } from '../../../shared/format';
import { useTenantZone } from '../../../shared/time-zone';
import { bsaKeys, type StationRow } from '../queries';
import '../texts';

type PublishStatus = RefOutput<typeof bsa.bsaConfigPublishHistory>[number]['status'];
const STATUS_COLOR: Record<PublishStatus, string> = {
  pending: 'processing',
  acknowledged: 'success',
  refused: 'error',
  timeout: 'warning',
};
const STATE_COLOR = { normal: 'green', warning: 'gold', fault: 'red' } as const;

/**
 * The configuration of the station's FCS (docs/bsa.md, "Configuration to the edge"): where it stands
 * (latest and acknowledged version, a publish waiting for its answer, the last battery report), mirror
 * point generation and publishing (edit button), the publish history, the generation log and the rules.
 * While a publish waits, the state and the history are polled every second.
 */
export function ConfigCard({ station }: { station: StationRow }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const zone = useTenantZone();
  const queryClient = useQueryClient();
  const bsaId = station.id;
  const device = useQuery({
    queryKey: bsaKeys.configDevice(bsaId),
    queryFn: () => api(bsa.bsaConfigDevice, { bsaId }),
    refetchInterval: (q) => (q.state.data?.pending ? 1000 : false),
  });
  const pending = device.data?.pending ?? null;
  const history = useQuery({
    queryKey: bsaKeys.configHistory(bsaId),
    queryFn: () => api(bsa.bsaConfigPublishHistory, { bsaId }),
    refetchInterval: pending ? 1000 : false,
  });
  const log = useQuery({ queryKey: bsaKeys.configLog(bsaId), queryFn: () => api(bsa.bsaConfigMirrorGenerateLog, { bsaId }) });
  const rules = useQuery({ queryKey: bsaKeys.configRules(bsaId), queryFn: () => api(bsa.bsaConfigRules, { bsaId }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: bsaKeys.all });
  const when = (v: string | null) => (v ? formatDateTime(v, zone) : '-');
  const latest = device.data?.latestVersion ?? null;

  const generate = () =>
    void api(bsa.bsaConfigMirrorGenerate, { bsaId })
      .then((v) => {
        void message.success(v.unchanged ? t('bsa.config.unchanged', { version: v.version }) : t('bsa.config.generated', v));
        return refresh();
      })
      .catch(() => undefined);
  const publish = () =>
    void api(bsa.bsaConfigPublish, { bsaId })
      .then((p) => {
        void message.info(p.repeated ? t('bsa.config.repeated', p) : t('bsa.config.published', { version: p.version, fcs: p.fcsCode }));
        return refresh();
      })
      .catch(() => undefined);

  return (
    <Card size="small" title={t('bsa.config.title')} style={{ marginBottom: 16 }} data-testid="config-card">
      {device.data && !device.data.fcs && <Alert type="warning" showIcon title={t('bsa.config.noFcs')} style={{ marginBottom: 12 }} />}
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('bsa.config.fcs')}>
          {device.data?.fcs ? (
            <Space size={4}>
              {device.data.fcs.code}
              <Tag color={device.data.fcs.online ? 'success' : 'default'}>
                {device.data.fcs.online ? t('bsa.online') : t('bsa.offline')}
              </Tag>
            </Space>
          ) : (
            '-'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('bsa.config.latest')}>{latest ?? t('bsa.config.none')}</Descriptions.Item>
        <Descriptions.Item label={t('bsa.config.acknowledged')}>
          <span data-testid="config-acknowledged">{device.data?.acknowledgedVersion ?? t('bsa.config.none')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('bsa.config.reportedAt')}>
          {device.data?.reportedAt ? when(device.data.reportedAt) : t('bsa.config.never')}
        </Descriptions.Item>
      </Descriptions>
      {pending && <Alert type="info" showIcon title={t('bsa.config.waiting', { version: pending.version })} style={{ marginBottom: 12 }} />}
      <Authorized code="b-bsa-station-edit">
        <Space style={{ marginBottom: 12 }}>
          <Button onClick={generate} data-testid="config-generate">
            {t('bsa.config.generate')}
          </Button>
          <Button
            type="primary"
            onClick={publish}
            disabled={latest === null || !device.data?.fcs}
            loading={!!pending}
            data-testid="config-publish"
          >
            {t('bsa.config.publish', { version: latest ?? '-' })}
          </Button>
        </Space>
      </Authorized>
      <Tabs
        size="small"
        items={[
          {
            key: 'history',
            label: t('bsa.config.history'),
            children: (
              <Table
                size="small"
                rowKey="id"
                loading={history.isPending}
                dataSource={history.data ?? []}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                data-testid="config-history"
                columns={[
                  { key: 'version', title: t('bsa.config.version'), dataIndex: 'version', render: (v: number) => `v${v}` },
                  { key: 'fcs', title: t('bsa.config.fcs'), dataIndex: 'fcsCode' },
                  {
                    key: 'status',
                    title: t('bsa.config.result'),
                    dataIndex: 'status',
                    render: (v: PublishStatus) => <Tag color={STATUS_COLOR[v]}>{t(`bsa.config.statuses.${v}`)}</Tag>,
                  },
                  { key: 'reason', title: t('bsa.config.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '-' },
                  { key: 'by', title: t('bsa.config.by'), dataIndex: 'requestedBy' },
                  { key: 'at', title: t('bsa.config.at'), dataIndex: 'requestedAt', render: when },
                  { key: 'answered', title: t('bsa.config.answeredAt'), dataIndex: 'answeredAt', render: when },
                ]}
              />
            ),
          },
          {
            key: 'log',
            label: t('bsa.config.log'),
            children: (
              <Table
                size="small"
                rowKey="id"
                loading={log.isPending}
                dataSource={log.data ?? []}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                columns={[
                  { key: 'version', title: t('bsa.config.version'), dataIndex: 'version', render: (v: number) => `v${v}` },
                  { key: 'units', title: t('bsa.config.units'), dataIndex: 'units' },
                  { key: 'points', title: t('bsa.config.points'), dataIndex: 'points' },
                  { key: 'without', title: t('bsa.config.withoutPoints'), dataIndex: 'unitsWithoutPoints' },
                  { key: 'by', title: t('bsa.config.by'), dataIndex: 'createdBy' },
                  { key: 'at', title: t('bsa.config.at'), dataIndex: 'createdAt', render: when },
                ]}
              />
            ),
          },
          {
            key: 'rules',
            label: t('bsa.config.rules'),
            children: (
              <Table
                size="small"
                rowKey={(r) => `${r.level}-${r.templateName}-${r.key}`}
                loading={rules.isPending}
                dataSource={rules.data ?? []}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                columns={[
                  {
                    key: 'level',
                    title: t('bsa.tree.level'),
                    dataIndex: 'level',
                    render: (v: 'rack' | 'pack' | 'cell') => t(`bsa.templates.levels.${v}`),
                  },
                  {
                    key: 'template',
                    title: t('bsa.templates.pointTemplate'),
                    render: (_, r) => `${r.pointTemplateName} v${r.pointVersion}`,
                  },
                  { key: 'name', title: t('bsa.name'), render: (_, r) => `${r.name} (${r.key})` },
                  { key: 'range', title: t('bsa.config.range'), render: (_, r) => `${r.min}–${r.max} ${r.unit}` },
                  {
                    key: 'bands',
                    title: t('bsa.config.bands'),
                    render: (_, r) =>
                      r.ranges.length
                        ? r.ranges.map((b, i) => (
                            <Tag key={i} color={STATE_COLOR[b.state]}>
                              {`${b.from}–${b.to} ${t(`bsa.config.states.${b.state}`)}`}
                            </Tag>
                          ))
                        : '-',
                  },
                  { key: 'units', title: t('bsa.config.units'), dataIndex: 'units' },
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
