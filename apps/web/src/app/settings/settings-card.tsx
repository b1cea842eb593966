import type { ReactNode } from 'react';
import { Card, Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/page-title';
import { SETTINGS_PAGES } from '../shell/user-menu';

/** The frame of the four personal settings pages: their menu on the left, the form on the right. */
export function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
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
        <PageTitle style={{ marginBottom: 12 }}>{title}</PageTitle>
        {children}
      </div>
    </Card>
  );
}
