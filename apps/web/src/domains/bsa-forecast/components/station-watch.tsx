import { Button, Card, Empty, Flex, Space, Statistic, Tag, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { bsaForecast } from '@energy/contracts/refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { forecastKeys } from '../queries';
import '../texts';

const LEVEL_COLORS = ['red', 'volcano', 'orange', 'gold', 'blue'];

/** The station's alarms by level (total and active), from the alarm records of its devices. */
export function AlarmCountCard({ bsaId }: { bsaId: number }) {
  const { t } = useTranslation();
  const input = { bsaId };
  const count = useQuery({ queryKey: forecastKeys.of(bsaForecast.alarmCount, input), queryFn: () => api(bsaForecast.alarmCount, input) });
  const names = t('bsaForecast.alarms.levels', { returnObjects: true }) as string[];
  return (
    <Card title={t('bsaForecast.alarms.title')} loading={count.isPending} data-testid="bsa-alarm-count">
      {count.data && (
        <Flex gap={24} wrap>
          <Statistic title={t('bsaForecast.alarms.total')} value={count.data.total} />
          <Statistic title={t('bsaForecast.alarms.active')} value={count.data.active} />
          {count.data.levels.map((l) => (
            <Statistic
              key={l.level}
              title={<Tag color={LEVEL_COLORS[l.level]}>{names[l.level]}</Tag>}
              value={l.active}
              suffix={`/ ${l.total}`}
            />
          ))}
        </Flex>
      )}
    </Card>
  );
}

/** The staff's watched stations, with a button to watch or stop watching the page's station. */
export function WatchCard({ bsaId }: { bsaId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = forecastKeys.of(bsaForecast.attention, { action: 'list' });
  const list = useQuery({ queryKey: key, queryFn: () => api(bsaForecast.attention, { action: 'list' }) });
  const change = useMutation({
    mutationFn: (action: 'add' | 'remove') => api(bsaForecast.attention, { action, bsaId }),
    onSuccess: (rows) => client.setQueryData(key, rows),
  });
  const watched = (list.data ?? []).some((r) => r.bsaId === bsaId);
  return (
    <Card
      title={t('bsaForecast.watch.title')}
      loading={list.isPending}
      data-testid="bsa-watch"
      extra={
        <Button
          icon={watched ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          loading={change.isPending}
          onClick={() => change.mutate(watched ? 'remove' : 'add')}
          data-testid="bsa-watch-toggle"
        >
          {watched ? t('bsaForecast.watch.remove') : t('bsaForecast.watch.add')}
        </Button>
      }
    >
      {list.data && list.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bsaForecast.watch.empty')} />
      ) : (
        <Flex vertical gap={8}>
          {(list.data ?? []).map((r) => (
            <Space key={r.bsaId} wrap>
              <Typography.Text strong>{r.name}</Typography.Text>
              <Typography.Text type="secondary">{`${r.code} · ${r.ouName}`}</Typography.Text>
              <Tag color={r.online ? 'green' : 'default'}>{r.online ? t('bsaForecast.watch.online') : t('bsaForecast.watch.offline')}</Tag>
              {r.activeAlarms > 0 && (
                <Tag color={LEVEL_COLORS[r.highestLevel ?? 4]}>{t('bsaForecast.watch.alarms', { n: r.activeAlarms })}</Tag>
              )}
            </Space>
          ))}
        </Flex>
      )}
    </Card>
  );
}
