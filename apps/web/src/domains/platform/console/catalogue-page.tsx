import { Input, Select, Tag, Tooltip } from 'antd';
import { platform as platformSchemas } from '@energy/contracts';
import { platform } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
import { consoleKeys, pageOfAll, type CatalogueGrants } from './queries';
import './texts';

type Row = CatalogueGrants['rows'][number];
type CodeType = Row['type'];
interface Filter {
  keyword?: string;
  type?: CodeType;
}

const TYPE_COLOR: Record<CodeType, string | undefined> = { p: 'blue', b: undefined, ia: 'purple' };

/** The rows a filter keeps: the keyword in code or name (any case), and the type (as the export keeps them). */
export const filterCatalogue = (rows: Row[], filter: Filter): Row[] => rows.filter((r) => platformSchemas.catalogueMatches(r, filter));

/** The permission catalogue (menu pages, buttons, integrated apps) and, per tenant, how many roles grant each code. */
export default function CataloguePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = consoleKeys.of(platform.catalogueGrants);
  const load = () => api(platform.catalogueGrants, {});
  const grants = useQuery({ queryKey: key, queryFn: load });
  const tenants = grants.data?.tenants ?? [];
  const columns: ListColumn<Row>[] = [
    { key: 'code', title: t('console.cat.code'), dataIndex: 'code', width: 200, showForce: true },
    { key: 'name', title: t('console.cat.name'), dataIndex: 'name', width: 200 },
    {
      key: 'type',
      title: t('console.cat.type'),
      dataIndex: 'type',
      width: 120,
      render: (v: CodeType) => <Tag color={TYPE_COLOR[v]}>{t(`console.cat.type${v}`)}</Tag>,
    },
    { key: 'parent', title: t('console.cat.parent'), dataIndex: 'parentCode', width: 160, render: (v: string | null) => v ?? '—' },
    ...tenants.map((tenant, i): ListColumn<Row> => ({
      key: `tenant-${tenant.id}`,
      title: (
        <Tooltip title={t('console.cat.grantedIn', { tenant: tenant.name, roles: tenant.roles })}>
          <span>{tenant.name}</span>
        </Tooltip>
      ),
      width: 140,
      align: 'right',
      render: (_: unknown, r) => {
        const n = r.grantedBy[i] ?? 0;
        return n > 0 ? <Tag color="green">{`${n} / ${tenant.roles}`}</Tag> : '—';
      },
    })),
  ];
  return (
    <EntityListPage<Row, Filter>
      title={t('console.catalogue')}
      testId="catalogue-list"
      cacheKey="platform.catalogue"
      rowKey="code"
      queryKey={consoleKeys.page(platform.catalogueGrants)}
      invalidate={[consoleKeys.all]}
      fetch={async (body: ListBody<Filter>) => {
        const data = await queryClient.fetchQuery({ queryKey: key, queryFn: load });
        return pageOfAll(filterCatalogue(data.rows, body), body);
      }}
      filters={[
        { name: 'keyword', label: t('console.cat.keyword'), node: <Input allowClear maxLength={64} data-testid="catalogue-keyword" /> },
        {
          name: 'type',
          label: t('console.cat.type'),
          node: <Select allowClear options={(['p', 'b', 'ia'] as const).map((v) => ({ value: v, label: t(`console.cat.type${v}`) }))} />,
        },
      ]}
      columns={columns}
      excel={{ name: 'permission-catalogue', exportRef: platform.catalogueExport, exportTestId: 'catalogue-export' }}
    />
  );
}
