import { App as AntApp, Button, Card, Table, Tag } from 'antd';
import { bsa } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { formatDateTime } from '../../../shared/format';
import { useTenantZone } from '../../../shared/time-zone';
import { bsaKeys, POINT_STATUS, type BatteryLevel } from '../queries';
import '../texts';

type Setup = RefOutput<typeof bsa.edgeBsaPointRackStatusCheck>;

const COMPLETE = { rack: bsa.edgeBsaPointRackComplete, pack: bsa.edgeBsaPointPackComplete, cell: bsa.edgeBsaPointCellComplete };
const LEVELS = ['rack', 'pack', 'cell'] as const;

/**
 * The data-point setup of the station's levels (docs/bsa.md, "Edge calls"): per level the units, those
 * that report no point, the points, and its confirmation, which the edit button gives once every unit
 * reports; then the special units (a unit with its own template or a note).
 */
export function SetupCard({ bsaId }: { bsaId: number }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const zone = useTenantZone();
  const queryClient = useQueryClient();
  const levels = useQueries({
    queries: LEVELS.map((level) => ({ queryKey: bsaKeys.pointSetup(bsaId, level), queryFn: () => api(POINT_STATUS[level], { bsaId }) })),
  });
  const specials = useQuery({ queryKey: bsaKeys.specials(bsaId), queryFn: () => api(bsa.deviceBsaEspeciallyList, { bsaId }) });
  const level = (v: BatteryLevel) => t(`bsa.templates.levels.${v}`);
  const confirm = (l: BatteryLevel) =>
    void api(COMPLETE[l], { bsaId })
      .then(async () => {
        void message.success(t('bsa.setup.confirmedNow'));
        await queryClient.invalidateQueries({ queryKey: bsaKeys.all });
      })
      .catch(() => undefined);
  return (
    <Card size="small" title={t('bsa.setup.title')} style={{ marginBottom: 16 }} data-testid="setup-card">
      <Table<Setup>
        size="small"
        rowKey="level"
        pagination={false}
        loading={levels.some((q) => q.isPending)}
        dataSource={levels.flatMap((q) => (q.data ? [q.data] : []))}
        columns={[
          { key: 'level', title: t('bsa.tree.level'), dataIndex: 'level', render: level },
          { key: 'units', title: t('bsa.setup.units'), dataIndex: 'units' },
          { key: 'without', title: t('bsa.setup.withoutPoints'), dataIndex: 'withoutPoints' },
          { key: 'points', title: t('bsa.setup.points'), dataIndex: 'points' },
          {
            key: 'state',
            title: t('bsa.status'),
            render: (_, r) =>
              r.confirmed?.current ? (
                <Tag color="success">{t('bsa.setup.confirmed', { by: r.confirmed.by, at: formatDateTime(r.confirmed.at, zone) })}</Tag>
              ) : r.complete ? (
                <Tag color="processing">{t('bsa.setup.ready')}</Tag>
              ) : (
                <Tag color="warning">{t('bsa.setup.incomplete')}</Tag>
              ),
          },
          {
            key: 'actions',
            title: '',
            render: (_, r) =>
              r.complete && !r.confirmed?.current ? (
                <Authorized code="b-bsa-station-edit">
                  <Button size="small" type="link" onClick={() => confirm(r.level)} data-testid={`setup-confirm-${r.level}`}>
                    {t('bsa.setup.confirm')}
                  </Button>
                </Authorized>
              ) : null,
          },
        ]}
      />
      <Table
        style={{ marginTop: 12 }}
        size="small"
        rowKey="id"
        title={() => t('bsa.setup.specials')}
        loading={specials.isPending}
        dataSource={specials.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('bsa.setup.noSpecials') }}
        columns={[
          { key: 'level', title: t('bsa.tree.level'), dataIndex: 'level', render: level },
          { key: 'code', title: t('bsa.code'), dataIndex: 'unitCode' },
          { key: 'template', title: t('bsa.setup.template'), render: (_, r) => r.templateName ?? '-' },
          { key: 'original', title: t('bsa.setup.originalTemplate'), render: (_, r) => r.originalTemplateName ?? '-' },
          { key: 'note', title: t('bsa.templates.note'), dataIndex: 'note' },
          { key: 'updated', title: t('bsa.templates.updated'), render: (_, r) => `${r.updatedBy} · ${formatDateTime(r.updatedAt, zone)}` },
        ]}
      />
    </Card>
  );
}
