import { Flex, Input, Typography } from 'antd';
import { lineLoss } from '@energy/contracts/refs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { formatDateTime } from '../../../shared/format';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import { OuPicker } from '../../../shared/pickers/ou-picker';
import type { ListColumn } from '../../../shared/table/list-table';
import { TitleInZone, useTenantZone } from '../../../shared/time-zone';
import { ChoiceFilter } from '../components/choice-filter';
import { ConfigDialog } from '../components/config-dialog';
import { LossFigures, type FiguresView } from '../components/loss-figures';
import { lineLossKeys, type ConfigRow } from '../queries';
import '../texts';

interface Filter {
  name?: string;
  kind?: ConfigRow['kind'];
  ouId?: number;
}

const member = (m: ConfigRow['input']) => `${m.name} (${m.code})`;

/** Line loss: the configurations (input against outputs) and, for the chosen one, its loss per day or month. */
export default function LineLossPage() {
  const { t } = useTranslation();
  const zone = useTenantZone();
  const [params, setParams] = useSearchParams();
  const view: FiguresView = {
    configId: Number(params.get('config')) || null,
    month: /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? params.get('month')! : dayjs().format('YYYY-MM'),
    by: params.get('by') === 'month' ? 'month' : 'day',
  };
  const change = (patch: Partial<FiguresView>) => {
    const next = { ...view, ...patch };
    const values = { ...Object.fromEntries(params), month: next.month, by: next.by };
    setParams(next.configId ? { ...values, config: String(next.configId) } : values, { replace: true });
  };

  const columns: ListColumn<ConfigRow>[] = [
    { key: 'name', title: t('lineLoss.name'), dataIndex: 'name', width: 200, showForce: true },
    {
      key: 'kind',
      title: t('lineLoss.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (v: ConfigRow['kind']) => t(`lineLoss.kindShort.${v}`),
    },
    { key: 'ou', title: t('lineLoss.ou'), dataIndex: 'ouName', width: 160 },
    { key: 'input', title: t('lineLoss.input'), dataIndex: 'input', width: 200, render: (_, r) => member(r.input) },
    {
      key: 'outputs',
      title: t('lineLoss.outputs'),
      dataIndex: 'outputs',
      width: 320,
      render: (_, r) => (
        <Typography.Text ellipsis={{ tooltip: r.outputs.map(member).join(', ') }}>
          {r.outputs.length} · {r.outputs.map((o) => o.code).join(', ')}
        </Typography.Text>
      ),
    },
    { key: 'remark', title: t('lineLoss.remark'), dataIndex: 'remark', width: 160 },
    { key: 'updated', title: t('lineLoss.updatedAt'), dataIndex: 'updatedAt', width: 160, render: (v: number) => formatDateTime(v, zone) },
  ];

  return (
    <Flex vertical gap={16} data-testid="line-loss">
      <EntityListPage<ConfigRow, Filter>
        title={<TitleInZone title={t('lineLoss.title')} zone={zone} />}
        testId="line-loss-list"
        cacheKey="line-loss.configs"
        queryKey={lineLossKeys.configPage}
        fetch={(body: ListBody<Filter>) => api(lineLoss.lineLossPage, body)}
        filters={[
          { name: 'name', label: t('lineLoss.name'), node: <Input allowClear maxLength={128} /> },
          {
            name: 'kind',
            label: t('lineLoss.kind'),
            node: <ChoiceFilter values={['circuit', 'meter'] as const} label={(k) => t(`lineLoss.kindShort.${k}`)} />,
          },
          { name: 'ouId', label: t('lineLoss.ou'), node: <OuPicker allowClear placeholder={t('lineLoss.all')} /> },
        ]}
        columns={columns}
        actionsWidth={180}
        actions={[
          {
            key: 'figures',
            label: t('lineLoss.figuresAction'),
            testId: (r) => `line-loss-show-${r.id}`,
            onClick: (r) => change({ configId: r.id }),
          },
          {
            key: 'edit',
            permission: 'b-circuit-line-loss-edit',
            label: t('lineLoss.edit'),
            testId: (r) => `line-loss-edit-${r.id}`,
            onClick: (r, ctx) => ctx.edit(r),
          },
          {
            key: 'delete',
            permission: 'b-circuit-line-loss-delete',
            label: t('lineLoss.delete'),
            danger: true,
            testId: (r) => `line-loss-delete-${r.id}`,
            confirm: {
              title: (r) => t('lineLoss.deleteConfirm', { name: r.name }),
              okText: t('lineLoss.delete'),
              testId: 'line-loss-delete-confirm',
              run: (r) => api(lineLoss.lineLossDelete, { id: r.id }),
              done: (r) => t('lineLoss.deleted', { name: r.name }),
            },
          },
        ]}
        create={{ permission: 'b-circuit-line-loss-create', label: t('lineLoss.create'), testId: 'line-loss-create' }}
        dialog={(row, close) => (
          <ConfigDialog
            row={row}
            onClose={(saved) => {
              close();
              if (saved) change({ configId: saved.id });
            }}
          />
        )}
      />
      <LossFigures view={view} onChange={change} />
    </Flex>
  );
}
