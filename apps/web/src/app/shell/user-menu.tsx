import { cloneElement, Suspense } from 'react';
import { Avatar, Typography } from 'antd';
import { CheckOutlined, GlobalOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@energy/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../../shared/i18n';
import { Dropdown, useDeferredOpen } from './lazy-antd';
import { useProfile } from './shell-data';
import { useLogout } from './use-logout';

export const SETTINGS_PAGES = [
  { key: 'loginPassword', path: '/user/settings/loginPassword' },
  { key: 'operatePassword', path: '/user/settings/operatePassword' },
  { key: 'information', path: '/user/settings/information' },
  { key: 'navigationPreference', path: '/user/settings/navigationPreference' },
] as const;

/** The person's menu: the four settings pages, the language, logout. */
export function UserMenu({ current }: { current: CurrentUser | undefined }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  // without a usable staff the current context is missing; the profile still works
  const profile = useProfile(!current);
  const { open, onOpenChange, openWhenLoaded } = useDeferredOpen();
  const person = current?.customerUser ?? profile.data;
  if (!person) return null;
  const trigger = (
    <span data-testid="user-menu" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
      <Avatar size={28} src={person.headPicUrl ?? undefined} icon={<UserOutlined />} alt={person.name} />
      <Typography.Text style={{ maxWidth: 96 }} ellipsis className="header-user-name">
        {person.name}
      </Typography.Text>
    </span>
  );
  // the trigger alone until the Dropdown's chunk is there (right after the first render)
  return (
    <Suspense fallback={cloneElement(trigger, { onClick: openWhenLoaded })}>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={onOpenChange}
        menu={{
          items: [
            {
              key: 'settings',
              type: 'group',
              label: t('header.settings'),
              children: SETTINGS_PAGES.map((p) => ({ key: p.path, icon: <SettingOutlined />, label: t(`settings.${p.key}`) })),
            },
            { type: 'divider' },
            {
              key: 'lang',
              type: 'group',
              label: t('header.language'),
              // one click: the languages are listed in place, the current one checked
              children: LANGUAGES.map((l) => ({
                key: `lang:${l.key}`,
                icon: i18n.language === l.key ? <CheckOutlined /> : <GlobalOutlined />,
                label: l.label,
              })),
            },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('header.logout')}</span>, danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'logout') void logout();
            else if (key.startsWith('lang:')) setLanguage(key.slice(5) as Language);
            else void navigate(key);
          },
        }}
      >
        {trigger}
      </Dropdown>
    </Suspense>
  );
}
