import { screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { account, platform } from '@energy/contracts/refs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { antdThemeOf } from '../../shared/theme/themes';
import { fixture, pageOf, renderPage, TEST_USER } from '../../test/render-page';
import { AuthProvider } from '../auth/auth-state';
import { PlatformConsole } from './platform-console';

// The console's frame: for platform administrators only, its header coloured by the theme's tokens.
const consoleFixtures = [
  fixture(platform.tenantPage, pageOf([])),
  fixture(platform.channelLinkList, []),
  fixture(platform.catalogueGrants, { tenants: [], rows: [] }),
];

describe('console layout', () => {
  afterEach(() => vi.restoreAllMocks());
  const profile = (platformAdmin: boolean) => fixture(account.myProfile, { ...TEST_USER.customerUser, platformAdmin });

  test.each(['light', 'dark'] as const)('the header follows the %s theme through its tokens', async (name) => {
    const theme = antdThemeOf(name);
    renderPage(
      <AuthProvider onExpired={() => undefined}>
        <ConfigProvider theme={theme}>
          <PlatformConsole />
        </ConfigProvider>
      </AuthProvider>,
      { permissions: [], fixtures: [...consoleFixtures, profile(true)], path: '/platform/tenants', route: '/platform/*' },
    );
    const header = (await screen.findByTestId('platform-console')).querySelector<HTMLElement>('.ant-layout-header')!;
    const probe = document.createElement('div');
    probe.style.background = theme.token!.colorBgContainer!;
    expect(header.style.background).toBe(probe.style.background);
    await screen.findByTestId('tenant-list', undefined, { timeout: 5000 });
  });

  test('is not for someone who is no platform administrator', async () => {
    const view = renderPage(
      <AuthProvider onExpired={() => undefined}>
        <PlatformConsole />
      </AuthProvider>,
      {
        permissions: [],
        fixtures: [...consoleFixtures, profile(false)],
        path: '/platform/tenants',
        route: '/platform/*',
      },
    );
    await screen.findByText('The platform console is for platform administrators.');
    expect(view.to(platform.tenantPage)).toHaveLength(0);
  });
});
