import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { App as AntApp, Button, Card, Col, Descriptions, Empty, Flex, Row, Space, Tag, Tooltip, Tree, Typography } from 'antd';
import { DeleteOutlined, DragOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { OrganizationNode } from '@energy/contracts';
import { customer } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { PageTitle } from '../../../shared/page-title';
import { confirmDelete } from '../../../shared/confirm-delete';
import { OrgLevelsCard } from '../components/org-levels-card';
import { OrgMoveDialog } from '../components/org-move-dialog';
import { OrgNameDialog } from '../components/org-name-dialog';
import { canAddChild, findNode, flattenTree, isDeletable, treeDepth } from '../org-tree';
import { orgKeys, useOrganizationLevels, useOrganizationTree } from '../queries';
import '../texts';

interface TreeItem {
  key: string;
  title: ReactNode;
  children: TreeItem[];
}

type Dialog = { kind: 'add' | 'rename' | 'move'; node: OrganizationNode } | null;

/** A button that explains, on hover, why it is disabled (a disabled button gets no mouse events itself). */
function Action({ reason, children }: { reason: string | null; children: ReactNode }) {
  return reason ? (
    <Tooltip title={reason}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{children}</span>
    </Tooltip>
  ) : (
    children
  );
}

/**
 * Settings › Organisation: the customer tree of the tenant (level name and staff / OU counts per node)
 * with add, rename, move and delete on the selected node, and the organisation level names beside it.
 */
export default function OrganizationPage() {
  const { t } = useTranslation();
  const { modal, message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const tree = useOrganizationTree();
  const levels = useOrganizationLevels();
  const canCreate = useHasPermission('b-customer-create');
  const canEdit = useHasPermission('b-customer-edit');
  const canDelete = useHasPermission('b-customer-delete');
  const [selectedMcid, setSelectedMcid] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const levelCount = levels.data?.levels.length ?? 0;
  const selected = findNode(nodes, selectedMcid);

  // first load: everything open and the top organisation selected
  useEffect(() => {
    if (!tree.data || expanded) return;
    setExpanded(flattenTree(tree.data).map((n) => n.mcid));
    setSelectedMcid((s) => s ?? tree.data[0]?.mcid ?? null);
  }, [tree.data, expanded]);

  const treeData = useMemo(() => {
    const map = (list: OrganizationNode[]): TreeItem[] =>
      list.map((n) => ({
        key: n.mcid,
        title: (
          <Flex gap={8} align="center" data-testid={`org-node-${n.code}`}>
            <span>{n.name}</span>
            <Tag style={{ marginInlineEnd: 0 }}>{n.levelName}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('organization.counts', { staff: n.staffCount, ous: n.ouCount })}
            </Typography.Text>
          </Flex>
        ),
        children: map(n.children),
      }));
    return map(nodes);
  }, [nodes, t]);

  const remove = (node: OrganizationNode) =>
    confirmDelete(modal, {
      title: t('organization.deleteConfirm', { name: node.name, code: node.code }),
      content: t('organization.deleteHint'),
      okText: t('organization.delete'),
      cancelText: t('common.cancel'),
      testId: 'org-delete-confirm',
      onConfirm: async () => {
        await api(customer.organizationDelete, { mcid: node.mcid });
        void message.success(t('organization.deleted', { name: node.name }));
        setSelectedMcid(node.parentMcid);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: orgKeys.tree }),
          queryClient.invalidateQueries({ queryKey: orgKeys.options }),
        ]);
      },
    });

  const isRoot = selected?.parentMcid === null;
  // levelCount is 0 until the levels load: the button waits disabled, without a reason
  const addReason =
    selected && levelCount && !canAddChild(selected, levelCount) ? t('organization.lastLevel', { level: selected.levelName }) : null;
  const deleteReason = !selected ? null : isRoot ? t('organization.rootFixed') : isDeletable(selected) ? null : t('organization.notEmpty');

  const actions = selected && (
    <Space wrap>
      {canCreate && (
        <Action reason={addReason}>
          <Button
            icon={<PlusOutlined />}
            disabled={!!addReason || !levelCount}
            onClick={() => setDialog({ kind: 'add', node: selected })}
            data-testid="org-add"
          >
            {t('organization.add')}
          </Button>
        </Action>
      )}
      {canEdit && (
        <Button icon={<EditOutlined />} onClick={() => setDialog({ kind: 'rename', node: selected })} data-testid="org-rename">
          {t('organization.rename')}
        </Button>
      )}
      {canEdit && (
        <Action reason={isRoot ? t('organization.rootFixed') : null}>
          <Button
            icon={<DragOutlined />}
            disabled={isRoot}
            onClick={() => setDialog({ kind: 'move', node: selected })}
            data-testid="org-move"
          >
            {t('organization.move')}
          </Button>
        </Action>
      )}
      {canDelete && (
        <Action reason={deleteReason}>
          <Button danger icon={<DeleteOutlined />} disabled={!!deleteReason} onClick={() => remove(selected)} data-testid="org-delete">
            {t('organization.delete')}
          </Button>
        </Action>
      )}
    </Space>
  );

  return (
    <Card data-testid="organization-page">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <PageTitle>{t('organization.title')}</PageTitle>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t('organization.treeTitle')} loading={tree.isPending} data-testid="org-tree-card">
            {selected ? (
              <Flex vertical gap={12} style={{ marginBottom: 16 }}>
                <Descriptions
                  size="small"
                  column={3}
                  items={[
                    { key: 'name', label: t('organization.name'), children: selected.name },
                    { key: 'code', label: t('organization.code'), children: selected.code },
                    { key: 'level', label: t('organization.level'), children: `${selected.level} · ${selected.levelName}` },
                  ]}
                />
                {actions}
              </Flex>
            ) : (
              <Typography.Paragraph type="secondary">{t('organization.selectHint')}</Typography.Paragraph>
            )}
            {nodes.length ? (
              <Tree
                blockNode
                showLine
                treeData={treeData}
                expandedKeys={expanded ?? []}
                onExpand={(keys) => setExpanded(keys.map(String))}
                selectedKeys={selected ? [selected.mcid] : []}
                // a click on the selected node keeps it selected (antd would clear the selection)
                onSelect={(keys) => keys.length && setSelectedMcid(String(keys[0]))}
                data-testid="org-tree"
              />
            ) : (
              <Empty />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <OrgLevelsCard deepest={treeDepth(nodes)} />
        </Col>
      </Row>
      {(dialog?.kind === 'add' || dialog?.kind === 'rename') && (
        <OrgNameDialog
          mode={dialog.kind}
          node={dialog.node}
          onClose={() => setDialog(null)}
          onAdded={(mcid) => {
            setExpanded((e) => [...(e ?? []), dialog.node.mcid]);
            setSelectedMcid(mcid);
          }}
        />
      )}
      {dialog?.kind === 'move' && <OrgMoveDialog node={dialog.node} tree={nodes} levelCount={levelCount} onClose={() => setDialog(null)} />}
    </Card>
  );
}
