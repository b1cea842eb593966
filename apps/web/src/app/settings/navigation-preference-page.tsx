import { App as AntApp, Radio, Space, Typography } from 'antd';
import { account } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { PageSpinner } from '../../shared/page-spinner';
import { shellKeys, useProfile } from '../shell/shell-data';
import { SettingsCard } from './settings-card';

/** AUTO, OPEN or HIDE; the sider follows at once (the shell data is refreshed after saving). */
export default function NavigationPreferencePage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const profile = useProfile();
  if (!profile.data) return <PageSpinner />;
  const change = async (value: 1 | 2 | 3) => {
    await api(account.setNavigationPreference, { navigationPreference: value });
    await Promise.all([shellKeys.current, shellKeys.profile].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    void message.success(t('settings.preferenceSaved'));
  };
  return (
    <SettingsCard title={t('settings.navigationPreference')}>
      <Typography.Paragraph type="secondary">{t('settings.preferenceIntro')}</Typography.Paragraph>
      <Radio.Group
        value={profile.data.navigationPreference}
        onChange={(e) => void change(e.target.value as 1 | 2 | 3).catch(() => undefined)}
        data-testid="nav-preference"
      >
        <Space direction="vertical">
          <Radio value={1}>{t('settings.pref1')}</Radio>
          <Radio value={2}>{t('settings.pref2')}</Radio>
          <Radio value={3}>{t('settings.pref3')}</Radio>
        </Space>
      </Radio.Group>
    </SettingsCard>
  );
}
