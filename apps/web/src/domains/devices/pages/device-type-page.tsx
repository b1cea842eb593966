import { useMemo, useState } from 'react';
import { Card, Col, Empty, Flex, Input, Row, Space, Table, Tag, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../shared/page-title';
import { useDeviceTypeTree, type DeviceCategory, type DeviceType } from '../queries';
import { stateName } from '../state-label';
import '../texts';

type Property = DeviceType['properties'][number];

const KIND_COLOR: Record<Property['kind'], string> = { instantaneous: 'blue', cumulative: 'green', state: 'purple' };

/** The tree with the types whose name or key contains the search text (a category matching keeps all its types). */
function filterTree(tree: DeviceCategory[], search: string): DeviceCategory[] {
  const s = search.trim().toLowerCase();
  if (!s) return tree;
  const hit = (n: { name: string; key: string }) => n.name.toLowerCase().includes(s) || n.key.toLowerCase().includes(s);
  return tree.map((c) => (hit(c) ? c : { ...c, children: c.children.filter(hit) })).filter((c) => c.children.length > 0);
}

/** The tenant's device categories and types on the left; the chosen type's data properties on the right. */
export default function DeviceTypePage() {
  const { t } = useTranslation();
  const tree = useDeviceTypeTree();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const types = useMemo(() => (tree.data ?? []).flatMap((c) => c.children), [tree.data]);
  const selectedId = Number(params.get('type')) || types[0]?.id;
  const selected = types.find((x) => x.id === selectedId);
  const shown = useMemo(() => filterTree(tree.data ?? [], search), [tree.data, search]);
  const treeData: TreeDataNode[] = shown.map((c) => ({
    key: `c-${c.id}`,
    title: c.name,
    selectable: false,
    children: c.children.map((x) => ({
      key: String(x.id),
      isLeaf: true,
      title: (
        <span data-testid="type-node">
          {x.name}
          <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
            {x.properties.length}
          </Typography.Text>
        </span>
      ),
    })),
  }));

  return (
    <Row gutter={[16, 16]} data-testid="device-types">
      <Col xs={24} lg={8} xl={6}>
        <Card title={<PageTitle>{t('devices.typesTitle')}</PageTitle>} loading={tree.isPending}>
          <Input.Search
            allowClear
            placeholder={t('devices.types.search')}
            onChange={(e) => setSearch(e.target.value)}
            style={{ marginBottom: 12 }}
          />
          <Tree
            blockNode
            defaultExpandAll
            key={search ? 'filtered' : 'all'}
            treeData={treeData}
            selectedKeys={selected ? [String(selected.id)] : []}
            onSelect={(keys) => keys[0] && setParams({ type: String(keys[0]) }, { replace: true })}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={18}>
        <Card
          title={
            selected ? (
              <Space>
                {t('devices.types.properties', { name: selected.name })}
                <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                  {selected.key}
                </Typography.Text>
                {selected.isGateway && <Tag>{t('devices.types.gatewayType')}</Tag>}
              </Space>
            ) : (
              t('devices.types.tree')
            )
          }
          extra={
            selected && <Typography.Text type="secondary">{t('devices.types.count', { n: selected.properties.length })}</Typography.Text>
          }
        >
          {selected ? (
            <Table<Property>
              data-testid="type-properties"
              rowKey="id"
              size="middle"
              pagination={false}
              dataSource={selected.properties}
              columns={[
                {
                  title: t('devices.types.key'),
                  dataIndex: 'key',
                  width: 160,
                  render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
                },
                {
                  title: t('devices.name'),
                  dataIndex: 'name',
                  render: (v: string, r) =>
                    r.kind === 'state' ? (
                      <Flex vertical>
                        {stateName(v)}
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {v.slice(stateName(v).length).trim()}
                        </Typography.Text>
                      </Flex>
                    ) : (
                      v
                    ),
                },
                { title: t('devices.types.unit'), dataIndex: 'unit', width: 100, render: (v: string) => v || '-' },
                {
                  title: t('devices.types.kind'),
                  dataIndex: 'kind',
                  width: 140,
                  render: (v: Property['kind']) => <Tag color={KIND_COLOR[v]}>{t(`devices.kind.${v}`)}</Tag>,
                },
              ]}
            />
          ) : (
            <Empty description={t('devices.types.pick')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
