import { cloneElement, Suspense } from 'react';
import { Button } from 'antd';
import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../shared/theme/theme-context';
import { SWITCHABLE_THEMES } from '../../shared/theme/themes';
import { Dropdown, useDeferredOpen } from './lazy-antd';

/** Dark, light and yellow-light (spec 000); sapphire and juntong come from the cookie or the window setting. */
export function ThemeSwitcher() {
  const { theme, setTheme } = useTheme();
  const { t } = useTranslation();
  const { open, onOpenChange, openWhenLoaded } = useDeferredOpen();
  const button = <Button type="text" icon={<BgColorsOutlined />} aria-label={t('header.theme')} data-testid="theme-switcher" />;
  // the button alone until the Dropdown's chunk is there (right after the first render)
  return (
    <Suspense fallback={cloneElement(button, { onClick: openWhenLoaded })}>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={onOpenChange}
        menu={{
          selectedKeys: [theme],
          items: SWITCHABLE_THEMES.map((name) => ({
            key: name,
            label: <span data-testid={`theme-${name}`}>{t(`themes.${name}`)}</span>,
            icon: theme === name ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />,
          })),
          onClick: ({ key }) => setTheme(key as (typeof SWITCHABLE_THEMES)[number]),
        }}
      >
        {button}
      </Dropdown>
    </Suspense>
  );
}
