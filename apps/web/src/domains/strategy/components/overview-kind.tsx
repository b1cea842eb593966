import type { ReactNode } from 'react';
import {
  AimOutlined,
  DashboardOutlined,
  ExportOutlined,
  PauseCircleOutlined,
  PercentageOutlined,
  SunOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { OverviewKind } from '@energy/contracts/strategy-rules';

/** Colour of an overview kind (card accent and half-hour bars): charging greens, discharging warm, standby grey. */
export const OVERVIEW_COLORS: Record<OverviewKind, string> = {
  charge: '#52c41a',
  consumption: '#13c2c2',
  targetLoad: '#2f9e8f',
  discharge: '#fa8c16',
  targetDemand: '#f5222d',
  targetLoadRate: '#eb2f96',
  standby: '#8c8c8c',
};

/** Colour of a half hour no card covers. */
export const FREE_COLOR = 'rgba(140, 140, 140, 0.18)';

const ICONS: Record<OverviewKind, ReactNode> = {
  charge: <ThunderboltOutlined />,
  discharge: <ExportOutlined />,
  targetDemand: <DashboardOutlined />,
  targetLoadRate: <PercentageOutlined />,
  targetLoad: <AimOutlined />,
  consumption: <SunOutlined />,
  standby: <PauseCircleOutlined />,
};

/** The icon of an overview kind, in its colour. */
export function OverviewIcon({ kind }: { kind: OverviewKind }) {
  return (
    <span style={{ color: OVERVIEW_COLORS[kind], fontSize: 20 }} data-testid={`overview-icon-${kind}`} aria-hidden>
      {ICONS[kind]}
    </span>
  );
}
