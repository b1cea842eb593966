import { useMemo, useState } from 'react';
import { Badge, Button, Card, Descriptions, Empty, Flex, List, Space, Tag, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { pv } from '@energy/contracts/refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { formatInZone } from '../../../shared/zoned-time';
import { pvKeys } from '../queries';
import { OUTLINE_STATES, STATE_BADGE, useOutline, type AttentionRow, type OutlineNode, type OutlineState } from './outline-queries';
import './outline-texts';

type Followable = 'inverter' | 'string' | 'meter' | 'weather';
const FOLLOWABLE: readonly string[] = ['inverter', 'string', 'meter', 'weather'];

/** A device's state as a coloured dot and its name (theme status colours, both themes). */
export function StateBadge({ state }: { state: OutlineState }) {
  const { t } = useTranslation();
  return <Badge status={STATE_BADGE[state]} text={t(`pvOutline.state.${state}`)} data-testid={`pv-state-${state}`} />;
}

/** The signed-in staff's attention list of a station, changed through the one `attention` call. */
function useAttention(pvId: number) {
  const client = useQueryClient();
  const key = pvKeys.of(pv.pvOutlineAttention, { pvId, action: 'list' });
  const list = useQuery({ queryKey: key, queryFn: () => api(pv.pvOutlineAttention, { pvId, action: 'list' }) });
  const change = useMutation({
    mutationFn: (v: { action: 'add' | 'remove'; kind: Followable; refId: number }) => api(pv.pvOutlineAttention, { pvId, ...v }),
    onSuccess: (rows) => client.setQueryData(key, rows),
  });
  return { list, change };
}

function toTreeData(node: OutlineNode, t: (k: string) => string): TreeDataNode {
  const counts = node.states
    ? OUTLINE_STATES.filter((s) => node.states?.[s]).map((s) => <Badge key={s} status={STATE_BADGE[s]} text={String(node.states![s])} />)
    : null;
  return {
    key: node.key,
    title: (
      <Space size={6}>
        {node.state && <Badge status={STATE_BADGE[node.state]} />}
        <span>
          {node.kind === 'area' || node.kind === 'station' ? node.name : `${node.code} ${node.name !== node.code ? node.name : ''}`}
        </span>
        {node.kind !== 'string' && node.kind !== 'station' && node.kind !== 'area' && <Tag>{t(`pvOutline.kind.${node.kind}`)}</Tag>}
        {counts && <Space size={4}>{counts}</Space>}
      </Space>
    ),
    children: node.children.map((c) => toTreeData(c, t)),
  };
}

function findNode(node: OutlineNode, key: string): OutlineNode | null {
  if (node.key === key) return node;
  for (const c of node.children) {
    const hit = findNode(c, key);
    if (hit) return hit;
  }
  return null;
}

/** Station › areas › inverters › strings, meters and the weather station with their states; a device's latest values and the follow button. */
export function DeviceTreeCard({ pvId, timeZone }: { pvId: number; timeZone: string }) {
  const { t } = useTranslation();
  const tree = useOutline(pv.pvOutlineDeviceTree, { pvId });
  const [selected, setSelected] = useState<string | null>(null);
  const { list, change } = useAttention(pvId);
  const data = useMemo(() => (tree.data ? [toTreeData(tree.data, t)] : []), [tree.data, t]);
  // the station and its areas open: inverters, meters and the weather station in view; strings one click away
  const expanded = useMemo(
    () => (tree.data ? [tree.data.key, ...tree.data.children.filter((c) => c.kind === 'area').map((c) => c.key)] : []),
    [tree.data],
  );
  const node = tree.data && selected ? findNode(tree.data, selected) : null;
  const recent = useQuery({
    queryKey: pvKeys.of(pv.pvOutlineRecent, { pvId, deviceId: node?.deviceId ?? 0 }),
    queryFn: () => api(pv.pvOutlineRecent, { pvId, deviceId: node!.deviceId! }),
    enabled: !!node?.deviceId,
  });
  const followed = node && (list.data ?? []).some((a) => a.kind === node.kind && a.refId === node.id);
  return (
    <Flex vertical gap={16}>
      <Card title={t('pvOutline.tree.title')} loading={tree.isPending} data-testid="pv-outline-tree">
        {data.length > 0 && (
          <Tree
            treeData={data}
            defaultExpandedKeys={expanded}
            height={420}
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => setSelected((keys[0] as string) ?? null)}
          />
        )}
      </Card>
      <Card
        title={node ? `${t('pvOutline.tree.recent')}: ${node.code}` : t('pvOutline.tree.recent')}
        extra={
          node &&
          FOLLOWABLE.includes(node.kind) && (
            <Button
              size="small"
              loading={change.isPending}
              onClick={() => change.mutate({ action: followed ? 'remove' : 'add', kind: node.kind as Followable, refId: node.id })}
              data-testid="pv-outline-follow"
            >
              {followed ? t('pvOutline.tree.unfollow') : t('pvOutline.tree.follow')}
            </Button>
          )
        }
        data-testid="pv-outline-recent"
      >
        {!node ? (
          <Empty description={t('pvOutline.tree.pick')} />
        ) : !node.deviceId ? (
          <StateBadge state="no-device" />
        ) : (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('pvOutline.strings.state')}>{node.state && <StateBadge state={node.state} />}</Descriptions.Item>
            <Descriptions.Item label={t('pvOutline.tree.lastSeen')}>
              {recent.data?.lastSeenAt ? formatInZone(recent.data.lastSeenAt, timeZone) : '—'}
            </Descriptions.Item>
            {(recent.data?.values ?? []).map((v) => (
              <Descriptions.Item key={v.key} label={`${v.name}${v.unit ? ` (${v.unit})` : ''}`}>
                {v.value === null ? '—' : v.value.toLocaleString(undefined, { maximumFractionDigits: 3 })}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Card>
    </Flex>
  );
}

/** The equipment the staff follows on this station, with their states. */
export function AttentionList({ pvId }: { pvId: number }) {
  const { t } = useTranslation();
  const { list, change } = useAttention(pvId);
  return (
    <List<AttentionRow>
      size="small"
      loading={list.isPending}
      dataSource={list.data ?? []}
      locale={{ emptyText: <Empty description={t('pvOutline.attention.empty')} /> }}
      data-testid="pv-outline-attention"
      renderItem={(a) => (
        <List.Item
          actions={[
            <Button key="remove" type="link" size="small" onClick={() => change.mutate({ action: 'remove', kind: a.kind, refId: a.refId })}>
              {t('pvOutline.attention.remove')}
            </Button>,
          ]}
        >
          <Space>
            <Tag>{t(`pvOutline.kind.${a.kind}`)}</Tag>
            <Typography.Text strong>{a.code}</Typography.Text>
            <Typography.Text type="secondary">{a.name}</Typography.Text>
            <StateBadge state={a.state} />
          </Space>
        </List.Item>
      )}
    />
  );
}
