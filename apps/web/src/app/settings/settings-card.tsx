import type { ReactNode } from 'react';
import { Card, Menu, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../shared/theme/theme-context';
import { SETTINGS_PAGES } from '../shell/user-menu';

/** The frame of the four personal settings pages: their menu on the left, the form on the right. */
export function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { dark } = useTheme();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Card styles={{ body: { display: 'flex', gap: 24, flexWrap: 'wrap' } }}>
      <Menu
        style={{ width: 220, borderInlineEnd: 'none' }}
        selectedKeys={[location.pathname]}
        items={SETTINGS_PAGES.map((p) => ({ key: p.path, label: t(`settings.${p.key}`) }))}
        onClick={({ key }) => void navigate(key)}
      />
      <div style={{ flex: 1, minWidth: 300, maxWidth: 560 }}>
        <Typography.Title level={4} className="page-title" style={{ marginTop: 0, color: dark ? '#f0f3f7' : '#1f2329' }}>
          {title}
        </Typography.Title>
        {children}
      </div>
    </Card>
  );
}
