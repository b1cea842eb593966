import { screen, waitFor } from '@testing-library/react';
import { account, staff } from '@energy/contracts/refs';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AuthProvider } from '../auth/auth-state';
import { fixture, renderPage, TEST_USER } from '../../test/render-page';
import SelectStaffPage from './select-staff-page';

// Staff selection sends a platform administrator without staff to the console, and a one-time password to be replaced first.
function AtSelectStaff() {
  const location = useLocation();
  return (
    <AuthProvider onExpired={() => undefined}>
      {location.pathname === '/select-staff' && <SelectStaffPage />}
      <span data-testid="at">{location.pathname + location.search}</span>
    </AuthProvider>
  );
}

const profile = (over: { platformAdmin?: boolean; passwordChangeRequired?: boolean }) =>
  fixture(account.myProfile, { ...TEST_USER.customerUser, ...over });
const at = () => screen.getByTestId('at').textContent;

describe('select staff', () => {
  afterEach(() => vi.restoreAllMocks());

  test('a platform administrator without staff goes to the platform console', async () => {
    renderPage(<AtSelectStaff />, {
      permissions: [],
      fixtures: [fixture(staff.staffList, []), profile({ platformAdmin: true })],
      path: '/select-staff',
      route: '*',
    });
    await waitFor(() => expect(at()).toBe('/platform/tenants'));
  });

  test('someone with a one-time password is sent to set a new one, keeping the redirect', async () => {
    renderPage(<AtSelectStaff />, {
      permissions: [],
      fixtures: [fixture(staff.staffList, []), profile({ passwordChangeRequired: true })],
      path: '/select-staff?redirect=%2Fdevice%2Falarm%2Frecord',
      route: '*',
    });
    await waitFor(() => expect(at()).toBe('/set-password?redirect=%2Fdevice%2Falarm%2Frecord'));
  });

  test('anyone else without staff stays and is told so', async () => {
    renderPage(<AtSelectStaff />, {
      permissions: [],
      fixtures: [fixture(staff.staffList, []), profile({})],
      path: '/select-staff',
      route: '*',
    });
    await screen.findByText('You have no staff account. Ask your administrator to create one.');
    expect(at()).toBe('/select-staff');
    expect(screen.queryByTestId('open-platform-console')).toBeNull();
  });
});
