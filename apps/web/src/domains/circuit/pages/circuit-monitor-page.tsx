import { useMemo, useState } from 'react';
import { Card, Col, Empty, Flex, Row, Statistic, Tag, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/page-title';
import { useCircuitTree, type TreeNode } from '../queries';
import { shown, unitOf } from '../statistics-format';
import { useLivePower, useNow } from '../statistics-queries';
import '../statistics-texts';
import '../texts';

const Q = 15 * 60_000;

const idsOf = (nodes: TreeNode[]): number[] => nodes.flatMap((n) => [n.id, ...idsOf(n.children)]);

/** The circuit tree with each circuit's power of its last quarter hour, and the latest values of the one picked. */
export default function CircuitMonitorPage() {
  const { t } = useTranslation();
  const tree = useCircuitTree();
  const ids = useMemo(() => idsOf(tree.data ?? []).slice(0, 200), [tree.data]);
  // the last two hours by the quarter hour, fixed per minute so that the query key stays put between refreshes
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  const to = Math.floor(minute / Q) * Q + Q;
  const live = useLivePower(ids, to - 8 * Q, to);
  const power = useMemo(() => {
    const out = new Map<number, number>();
    for (const s of live.data ?? []) {
      const last = [...s.periods].reverse().find((p) => p.value != null);
      if (last?.value != null) out.set(s.circuitId, last.value);
    }
    return out;
  }, [live.data]);
  const [picked, setPicked] = useState<number | null>(null);
  const circuitId = picked ?? tree.data?.[0]?.id ?? null;
  const now = useNow(circuitId);

  const nodes = (list: TreeNode[]): TreeDataNode[] =>
    list.map((n) => ({
      key: n.id,
      title: (
        <Flex gap={8} align="center">
          <span>{`${n.name} (${n.code})`}</span>
          <Tag>{t(`circuit.types.${n.type}`)}</Tag>
          <Typography.Text type="secondary" data-testid={`monitor-power-${n.code}`}>
            {power.has(n.id) ? `${shown('activePower', power.get(n.id))} kW` : '–'}
          </Typography.Text>
        </Flex>
      ),
      children: nodes(n.children),
    }));

  return (
    <Flex vertical gap={16} data-testid="circuit-monitor">
      <Card
        title={<PageTitle>{t('circuitStats.monitor')}</PageTitle>}
        extra={<Typography.Text type="secondary">{t('circuitStats.refresh')}</Typography.Text>}
      >
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            {tree.data && tree.data.length === 0 ? (
              <Empty />
            ) : (
              <Tree
                key={tree.data ? 'loaded' : 'loading'}
                defaultExpandAll
                selectedKeys={circuitId ? [circuitId] : []}
                onSelect={(keys) => keys[0] !== undefined && setPicked(Number(keys[0]))}
                treeData={nodes(tree.data ?? [])}
                data-testid="monitor-tree"
              />
            )}
          </Col>
          <Col xs={24} lg={12}>
            <Card type="inner" loading={now.isPending && circuitId !== null} data-testid="monitor-now">
              {now.data && (
                <Flex gap={24} wrap>
                  <Statistic title={t('circuitStats.todayEnergy')} value={shown('activeEnergy', now.data.todayWh)} suffix="kWh" />
                  {now.data.todayCost != null && (
                    <Statistic
                      title={t('circuitStats.todayCost')}
                      value={shown('cost', now.data.todayCost)}
                      suffix={now.data.currency ?? ''}
                    />
                  )}
                  {now.data.values
                    .filter((v) => v.dataType !== 'activeEnergy')
                    .map((v) => (
                      <Statistic
                        key={v.dataType}
                        title={
                          <span
                            title={
                              v.ts
                                ? t('circuitStats.measuredAt', { time: dayjs(v.ts).format('YYYY-MM-DD HH:mm') })
                                : t('circuitStats.noData')
                            }
                          >
                            {t(`circuitStats.types.${v.dataType}`)}
                          </span>
                        }
                        value={shown(v.dataType, v.value)}
                        suffix={unitOf(v.dataType)}
                        data-testid={`monitor-now-${v.dataType}`}
                      />
                    ))}
                </Flex>
              )}
            </Card>
          </Col>
        </Row>
      </Card>
    </Flex>
  );
}
