import type { CSSProperties, ReactNode } from 'react';
import { Typography } from 'antd';
import { useTheme } from './theme/theme-context';

/** A page's title: light on dark themes, dark on light ones (spec 000). */
export function PageTitle({ level = 4, style, children }: { level?: 3 | 4; style?: CSSProperties; children: ReactNode }) {
  const { dark } = useTheme();
  return (
    <Typography.Title level={level} className="page-title" style={{ margin: 0, color: dark ? '#f0f3f7' : '#1f2329', ...style }}>
      {children}
    </Typography.Title>
  );
}
