import { useEffect, useRef, useState } from 'react';
import { Button, ConfigProvider, DatePicker, Empty, Flex, Select, Space, theme as antdTheme } from 'antd';
import dayjs from 'dayjs';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../shared/page-title';
import { useTheme } from '../../../shared/theme/theme-context';
import { usePvList } from '../queries';
import { BoardBody } from './board-panels';
import './texts';

/**
 * The control-room noticeboard of a PV station (docs/pv-analytics.md, "Noticeboard"): big figures, the
 * power curve, the weather station, the strings' currents as a heat map, their dispersion, the equipment
 * by state and a week of alarms. Every panel polls its own call (a minute for figures and alarms, five for
 * the curves), so a wall display left open all day keeps a bounded set of queries and charts. Full screen
 * turns it dark, as a wall display is.
 */
export default function NoticeboardPage() {
  const { t } = useTranslation();
  const { dark } = useTheme();
  const stations = usePvList();
  const [params, setParams] = useSearchParams();
  const built = (stations.data ?? []).filter((s) => s.stage === 'grid-connected');
  const pvId = Number(params.get('pv')) || built[0]?.id || null;
  // the day of the curves, the dispersion and the indicators: today unless one is picked (`?day=`)
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? params.get('day')! : undefined;
  const board = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);

  useEffect(() => {
    const changed = () => setFull(document.fullscreenElement != null && document.fullscreenElement === board.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  const canFull = typeof document !== 'undefined' && document.fullscreenEnabled;
  const toggle = () => (full ? void document.exitFullscreen() : void board.current?.requestFullscreen());

  return (
    <ConfigProvider theme={{ algorithm: full || dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm }}>
      <BoardFrame ref={board} full={full}>
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          <PageTitle level={3}>{t('pvBoard.title')}</PageTitle>
          <Space wrap>
            <Select
              data-testid="board-station"
              style={{ minWidth: 260 }}
              loading={stations.isLoading}
              value={pvId ?? undefined}
              placeholder={t('pvBoard.station')}
              options={built.map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
              onChange={(v: number) => setParams({ pv: String(v), ...(day ? { day } : {}) }, { replace: true })}
            />
            <DatePicker
              data-testid="board-day"
              allowClear
              placeholder={t('pvBoard.today')}
              value={day ? dayjs(day) : null}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
              onChange={(d) =>
                setParams({ ...(pvId ? { pv: String(pvId) } : {}), ...(d ? { day: d.format('YYYY-MM-DD') } : {}) }, { replace: true })
              }
            />
            {canFull && (
              <Button icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggle} data-testid="board-full-screen">
                {full ? t('pvBoard.leaveFullScreen') : t('pvBoard.fullScreen')}
              </Button>
            )}
          </Space>
        </Flex>
        {pvId ? <BoardBody pvId={pvId} day={day} /> : stations.isLoading ? null : <Empty description={t('pvBoard.noStation')} />}
      </BoardFrame>
    </ConfigProvider>
  );
}

/** The board's surface: the page's background, or the whole screen's in full screen. */
function BoardFrame({ ref, full, children }: { ref: React.Ref<HTMLDivElement>; full: boolean; children: React.ReactNode }) {
  const { token } = antdTheme.useToken();
  return (
    <div
      ref={ref}
      data-testid="pv-noticeboard"
      style={{ background: token.colorBgLayout, color: token.colorText, padding: full ? 24 : 0, overflow: full ? 'auto' : undefined }}
    >
      {children}
    </div>
  );
}
