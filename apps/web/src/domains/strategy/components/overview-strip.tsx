import { Card, Flex, Tooltip, Typography } from 'antd';
import { formatHours, overviewBars, overviewCards, type OverviewKind, type SectionForm } from '@energy/contracts/strategy-rules';
import { useTranslation } from 'react-i18next';
import { FREE_COLOR, OVERVIEW_COLORS, OverviewIcon } from './overview-kind';

/** Spec 002 section 9: overview card width. */
export const OVERVIEW_CARD_WIDTH = 180;

/**
 * The overview strip (spec 002 section 2): one 180 px card per time slot in time order (period, icon,
 * title, value; powers via `displayPower`, so CB shows MW over 1000 kW), then 48 half-hour bars coloured
 * by the covering card's kind with a tooltip, and the hours 1 to 24 under them.
 */
export function OverviewStrip({ sections, version }: { sections: readonly SectionForm[]; version: number }) {
  const { t } = useTranslation();
  const cards = overviewCards(sections, version);
  const bars = overviewBars(sections);
  const kindName = (k: OverviewKind) => t(`strategy.overview.kinds.${k}`);
  return (
    <Card size="small" title={t('strategy.overview.title')} data-testid="overview-strip" style={{ marginBottom: 16 }}>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        {cards.length === 0 && <Typography.Text type="secondary">{t('strategy.overview.empty')}</Typography.Text>}
        {cards.map((c, n) => (
          <div
            key={c.index}
            data-testid={`overview-card-${n}`}
            data-kind={c.kind}
            data-section={c.index}
            style={{
              width: OVERVIEW_CARD_WIDTH,
              flex: `0 0 ${OVERVIEW_CARD_WIDTH}px`,
              boxSizing: 'border-box',
              padding: '8px 10px',
              borderRadius: 6,
              border: '1px solid rgba(140, 140, 140, 0.35)',
              borderLeft: `4px solid ${OVERVIEW_COLORS[c.kind]}`,
            }}
          >
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="overview-card-period">
              {c.period}
            </Typography.Text>
            <Flex align="center" gap={8} style={{ marginTop: 4 }}>
              <OverviewIcon kind={c.kind} />
              <div style={{ minWidth: 0 }}>
                <div data-testid="overview-card-title">{kindName(c.kind)}</div>
                <Typography.Text strong data-testid="overview-card-value">
                  {c.value ?? '-'}
                </Typography.Text>
              </div>
            </Flex>
          </div>
        ))}
      </Flex>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(48, 1fr)', gap: 1 }} data-testid="overview-bars">
        {bars.map((bar, slot) => {
          const from = formatHours(slot / 2);
          const to = formatHours(slot / 2 + 0.5);
          const tip = t('strategy.overview.barTip', { from, to, kind: bar ? kindName(bar.kind) : t('strategy.overview.free') });
          return (
            <Tooltip key={slot} title={tip}>
              <div
                data-testid={`overview-bar-${slot}`}
                data-kind={bar?.kind ?? 'none'}
                aria-label={tip}
                style={{ height: 16, background: bar ? OVERVIEW_COLORS[bar.kind] : FREE_COLOR, borderRadius: 2 }}
              />
            </Tooltip>
          );
        })}
        {Array.from({ length: 24 }, (_, h) => (
          <div
            key={`h${h}`}
            data-testid={`overview-hour-${h + 1}`}
            style={{ gridColumn: 'span 2', textAlign: 'center', fontSize: 11, opacity: 0.7 }}
          >
            {h + 1}
          </div>
        ))}
      </div>
    </Card>
  );
}
