import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Input, Row, Select, Space, Table, Tag, Tree, Typography } from 'antd';
import type { TableColumnsType, TreeDataNode } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { circuit } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { Authorized } from '../../../shared/authorized';
import { useHasPermission } from '../../../shared/current-staff';
import { useEditDeleteColumn } from '../../../shared/edit-delete-column';
import { ExportButton, TemplateButton } from '../../../shared/excel/export-buttons';
import { ImportButton } from '../../../shared/excel/import-button';
import { PageTitle } from '../../../shared/page-title';
import { CircuitDialog } from '../components/circuit-dialog';
import { EnergyConfigDrawer } from '../components/energy-config-drawer';
import { EnergyImportRecords } from '../components/energy-import-records';
import { circuitKeys, useCircuits, useCircuitTree, type CircuitRow, type TreeNode } from '../queries';
import '../texts';

const TYPE_COLOR = { incoming: 'red', busbar: 'orange', feeder: 'blue', branch: 'default' } as const;

/** The ids of a node and everything under it. */
function subtreeIds(nodes: TreeNode[], id: number): Set<number> | null {
  for (const n of nodes) {
    if (n.id === id) {
      const out = new Set<number>();
      const walk = (x: TreeNode) => {
        out.add(x.id);
        x.children.forEach(walk);
      };
      walk(n);
      return out;
    }
    const hit = subtreeIds(n.children, id);
    if (hit) return hit;
  }
  return null;
}

/** The circuit tree on the left; the circuits (of the chosen subtree) with their meters and account on the right. */
export default function CircuitManagePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tree = useCircuitTree();
  const circuits = useCircuits();
  const [selected, setSelected] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<CircuitRow['type'] | null>(null);
  const [dialog, setDialog] = useState<CircuitRow | null | 'new'>(null);
  const [energyOf, setEnergyOf] = useState<CircuitRow | null>(null);
  const [records, setRecords] = useState(false);
  const canEdit = useHasPermission('b-circuit-edit');
  const canDelete = useHasPermission('b-circuit-delete');

  const toTree = (nodes: TreeNode[]): TreeDataNode[] =>
    nodes.map((n) => ({
      key: n.id,
      title: (
        <span data-testid="circuit-node">
          {n.name}
          <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
            {t(`circuit.types.${n.type ?? 'feeder'}`)}
          </Typography.Text>
        </span>
      ),
      children: toTree(n.children),
    }));
  const rows = useMemo(() => {
    const within = selected === null ? null : subtreeIds(tree.data ?? [], selected);
    const s = search.trim().toLowerCase();
    return (circuits.data ?? []).filter(
      (c) =>
        (!within || within.has(c.id)) &&
        (!type || c.type === type) &&
        (!s || c.code.toLowerCase().includes(s) || c.name.toLowerCase().includes(s)),
    );
  }, [circuits.data, tree.data, selected, search, type]);

  const actions = useEditDeleteColumn<CircuitRow>({
    title: t('circuit.actions'),
    canEdit,
    canDelete,
    editText: t('circuit.edit'),
    deleteText: t('circuit.delete'),
    onEdit: setDialog,
    confirmTitle: (r) => t('circuit.manage.deleteConfirm', { name: r.name }),
    testId: 'circuit-delete-ok',
    onDelete: async (r) => {
      await api(circuit.circuitDelete, { id: r.id });
      await queryClient.invalidateQueries({ queryKey: circuitKeys.all });
    },
  });
  const columns: TableColumnsType<CircuitRow> = [
    { title: t('circuit.code'), dataIndex: 'code', width: 130 },
    { title: t('circuit.name'), dataIndex: 'name' },
    {
      title: t('circuit.manage.type'),
      dataIndex: 'type',
      render: (v: CircuitRow['type']) => <Tag color={TYPE_COLOR[v]}>{t(`circuit.types.${v}`)}</Tag>,
    },
    { title: t('circuit.manage.parent'), dataIndex: 'parentName', render: (v: string | null) => v ?? '—' },
    { title: t('circuit.manage.cabinet'), dataIndex: 'distributionCabinetName', render: (v: string | null) => v ?? '—' },
    {
      title: t('circuit.manage.account'),
      key: 'account',
      render: (_, r) => (r.accountName ? (r.ownAccount ? r.accountName : t('circuit.manage.inherited', { name: r.accountName })) : '—'),
    },
    {
      title: t('circuit.manage.meters'),
      key: 'meters',
      render: (_, r) => (
        <Space size={4} wrap>
          {r.meters.map((m) => (
            <Tag key={m.deviceId} color={m.sign === -1 ? 'magenta' : undefined}>
              {m.sign === -1 ? '−' : '+'} {m.code}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('circuit.ou'), dataIndex: 'ouName' },
    {
      title: t('circuit.energy.open'),
      key: 'energy',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setEnergyOf(r)} data-testid="energy-config-open">
          {t('circuit.energy.open')}
        </Button>
      ),
    },
    ...actions,
  ];

  return (
    <Row gutter={[16, 16]} data-testid="circuit-manage">
      <Col xs={24} lg={8} xl={6}>
        <Card title={t('circuit.manage.tree')} loading={tree.isPending}>
          {(tree.data ?? []).length === 0 ? (
            <Empty />
          ) : (
            <Tree
              blockNode
              defaultExpandAll
              treeData={toTree(tree.data ?? [])}
              selectedKeys={selected === null ? [] : [selected]}
              onSelect={(keys) => setSelected(keys[0] === undefined ? null : Number(keys[0]))}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={18}>
        <Card
          title={<PageTitle>{t('circuit.manage.title')}</PageTitle>}
          extra={
            <Space>
              <Authorized code="b-circuit-export">
                <ExportButton
                  exportRef={circuit.circuitExport}
                  filter={{ codeOrName: search.trim() || undefined, type: type ?? undefined }}
                  name="circuits"
                  testId="circuit-export"
                />
              </Authorized>
              <Authorized code="b-circuit-energy-import">
                <TemplateButton templateRef={circuit.energyConfigTemplate} name="energy-config" />
                <ImportButton
                  importRef={circuit.energyConfigImport}
                  list="circuit-energy-config"
                  name="energy-config"
                  onImported={() => queryClient.invalidateQueries({ queryKey: circuitKeys.all })}
                />
              </Authorized>
              <Button onClick={() => setRecords(true)} data-testid="energy-import-records-open">
                {t('circuit.energy.records')}
              </Button>
              <Authorized code="b-circuit-create">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('new')} data-testid="circuit-create">
                  {t('circuit.manage.create')}
                </Button>
              </Authorized>
            </Space>
          }
        >
          <Space wrap style={{ marginBottom: 12 }}>
            <Input.Search
              allowClear
              placeholder={t('circuit.manage.search')}
              onChange={(e) => setSearch(e.target.value)}
              style={{ width: 220 }}
            />
            <Select
              allowClear
              placeholder={t('circuit.manage.type')}
              style={{ width: 160 }}
              value={type}
              onChange={(v) => setType(v ?? null)}
              options={(['incoming', 'busbar', 'feeder', 'branch'] as const).map((x) => ({ value: x, label: t(`circuit.types.${x}`) }))}
            />
          </Space>
          <Table<CircuitRow>
            rowKey="id"
            size="small"
            loading={circuits.isPending}
            columns={columns}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            data-testid="circuit-table"
          />
        </Card>
      </Col>
      {dialog && <CircuitDialog row={dialog === 'new' ? null : dialog} onClose={() => setDialog(null)} />}
      {energyOf && <EnergyConfigDrawer row={energyOf} onClose={() => setEnergyOf(null)} />}
      {records && <EnergyImportRecords onClose={() => setRecords(false)} />}
    </Row>
  );
}
