import { device } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../../shared/api/client';
import { registerTexts } from '../../shared/i18n';
import { ALARM_RECORD_PATH } from '../../domains/alarm/paths';
import { DEVICE_LIST_PATH } from '../../domains/devices/paths';
import { Alert } from './lazy-antd';

registerTexts('historyFill', {
  'en-US': { notice: 'Demo history is still being written: {{percent}} %. Curves and totals of the last 30 days fill in meanwhile.' },
  'zh-CN': { notice: '演示历史数据仍在写入：{{percent}}%。最近 30 天的曲线和统计将陆续补全。' },
});

/** The pages that chart device history: a device's detail, an alarm's detail, the strategy editor (its backtest). */
const CHART_PAGES = [`${DEVICE_LIST_PATH}/detail/`, `${ALARM_RECORD_PATH}/detail/`, '/bsa/strategy/'];

/**
 * While the server still writes the tenant's history in the background (the demo's 30 days on a first
 * start, docs/devices.md), the pages that chart it say so. Asked once per signed-in shell, then every
 * 5 s only while it fills.
 */
export function HistoryFillNotice() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const fill = useQuery({
    queryKey: ['telemetry', 'history-fill'],
    queryFn: () => api(device.dataPropertyHistoryFill),
    refetchInterval: (query) => (query.state.data?.filling ? 5000 : false),
  });
  if (!fill.data?.filling || !CHART_PAGES.some((p) => pathname.startsWith(p))) return null;
  return (
    <Suspense fallback={null}>
      <Alert
        type="info"
        showIcon
        banner
        style={{ marginBottom: 12 }}
        title={t('historyFill.notice', { percent: fill.data.percent })}
        data-testid="history-fill-notice"
      />
    </Suspense>
  );
}
