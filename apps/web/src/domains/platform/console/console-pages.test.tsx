import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { platform, staff } from '@energy/contracts/refs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { StafflessPages } from '../../../shared/entity-list/permissions';
import { i18n } from '../../../shared/i18n';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, headerTitles, pageOf, renderPage } from '../../../test/render-page';
import CataloguePage, { filterCatalogue } from './catalogue-page';
import ChannelLinkPage from './channel-link-page';
import TenantListPage from './tenant-list-page';

const tenant = {
  id: 'a1b2c3d4-0003-4000-8000-000000000003',
  code: 'gridcare',
  name: 'GridCare Services',
  sideType: 2 as const,
  timeZone: 'Asia/Shanghai',
  platformName: 'GridCare Operations',
  status: 0 as const,
  createdAt: '2026-03-01T00:00:00.000Z',
  disabledAt: null,
  usage: { staff: 4, devices: 17, stations: 2, ous: 3, fileBytes: 3 * 1024 * 1024, lastSignIn: null },
};
const link = {
  providerTenantId: tenant.id,
  providerName: 'GridCare Services',
  customerTenantId: 'a1b2c3d4-0001-4000-8000-000000000001',
  customerName: 'Sunrise Manufacturing',
  consentBy: 'Li Wei',
  consentAt: '2026-02-01T00:00:00.000Z',
  consentReference: 'SR-2026-7',
  createdAt: '2026-02-02T00:00:00.000Z',
};
const catalogue = {
  tenants: [{ id: link.customerTenantId, name: 'Sunrise Manufacturing', roles: 2 }],
  rows: [
    { code: 'p-alarm-record', name: 'Alarm records', type: 'p' as const, parentCode: 'g-alarm', grantedBy: [2] },
    { code: 'b-alarm-record-read', name: 'Mark as read', type: 'b' as const, parentCode: 'p-alarm-record', grantedBy: [0] },
  ],
};
const consoleFixtures = [
  fixture(platform.tenantPage, pageOf([tenant])),
  fixture(platform.channelLinkList, [link]),
  fixture(platform.catalogueGrants, catalogue),
];

// Console pages need no permission code: their actions are there for every platform administrator.
describeListPages([
  {
    name: 'tenants',
    page: () => <TenantListPage />,
    pageCode: 'p-settings-platform',
    buttonCodes: [],
    fixtures: consoleFixtures,
    headers: [
      'Code',
      'Name',
      'Kind',
      'Status',
      'Time zone',
      'Platform name',
      'Staff',
      'Devices',
      'Stations',
      'OUs',
      'Stored files',
      'Last sign-in',
      'Created',
    ],
    rowText: ['gridcare', 'GridCare Services', 'Service provider', 'Enabled', 'Asia/Shanghai', '17', '3.0 MB'],
    buttons: ['tenant-create', 'tenant-export', 'tenant-disable-gridcare'],
    actionsWithoutCodes: true,
    alwaysButtons: ['tenant-create', 'tenant-export', 'tenant-disable-gridcare'],
  },
  {
    name: 'channel links',
    page: () => <ChannelLinkPage />,
    pageCode: 'p-settings-platform',
    buttonCodes: [],
    fixtures: consoleFixtures,
    headers: ['Service provider', 'Customer tenant', 'Consent given by', 'Consent date', 'Reference', 'Linked at'],
    rowText: ['GridCare Services', 'Sunrise Manufacturing', 'Li Wei', '2026-02-01', 'SR-2026-7'],
    buttons: ['link-create', 'link-export', 'link-delete-Sunrise Manufacturing'],
    actionsWithoutCodes: true,
    alwaysButtons: ['link-create', 'link-export', 'link-delete-Sunrise Manufacturing'],
  },
  {
    name: 'permission catalogue',
    page: () => <CataloguePage />,
    pageCode: 'p-settings-platform',
    buttonCodes: [],
    fixtures: consoleFixtures,
    headers: ['Code', 'Name', 'Type', 'Parent', 'Sunrise Manufacturing'],
    rowText: ['p-alarm-record', 'Alarm records', 'Menu page', 'g-alarm', '2 / 2'],
    buttons: ['catalogue-export'],
    alwaysButtons: ['catalogue-export'],
    noActionColumn: true,
  },
]);

describe('platform console pages', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await act(() => i18n.changeLanguage('en-US'));
  });

  test('creating a tenant sends the form and shows the one-time password once', async () => {
    const created = { id: 'new-id', code: 'acme', admin: { username: 'acme-admin', oneTimePassword: 'Xy7kPq2Rtw9m' } };
    const view = renderPage(<TenantListPage />, {
      permissions: [],
      fixtures: [...consoleFixtures, fixture(platform.tenantCreate, created)],
    });
    fireEvent.click(await screen.findByTestId('tenant-create'));
    const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });
    type('tenant-code', 'acme');
    type('tenant-name', 'Acme Storage');
    type('tenant-platform-name', 'Acme Energy');
    type('tenant-admin-username', 'acme-admin');
    type('tenant-admin-name', 'Ada Acme');
    fireEvent.click(screen.getByTestId('tenant-save'));
    const password = await screen.findByTestId('one-time-password', undefined, { timeout: 5000 });
    expect(password.textContent).toBe('Xy7kPq2Rtw9m');
    expect(view.to(platform.tenantCreate)[0]!.body).toMatchObject({
      code: 'acme',
      name: 'Acme Storage',
      sideType: 1,
      platformName: 'Acme Energy',
      admin: { username: 'acme-admin', name: 'Ada Acme' },
    });
    fireEvent.click(screen.getByTestId('one-time-done'));
    await waitFor(() => expect(screen.queryByTestId('one-time-password')).toBeNull());
  });

  test('disable asks first and sends status 1; a disabled tenant offers enable, which sends status 0', async () => {
    const disabled = {
      ...tenant,
      id: 'b1b2c3d4-0009-4000-8000-000000000009',
      code: 'oldco',
      name: 'Old Co',
      sideType: 1 as const,
      status: 1 as const,
    };
    const view = renderPage(<TenantListPage />, {
      permissions: [],
      fixtures: [
        ...consoleFixtures,
        fixture(platform.tenantPage, pageOf([tenant, disabled])),
        fixture(platform.tenantStatus, (input) => ({ ...tenant, status: input.status })),
      ],
    });
    fireEvent.click(await screen.findByTestId('tenant-disable-gridcare'));
    expect(screen.queryByTestId('tenant-enable-gridcare')).toBeNull();
    fireEvent.click(await screen.findByTestId('tenant-disable-confirm'));
    await waitFor(() => expect(view.to(platform.tenantStatus)).toHaveLength(1), { timeout: 5000 });
    expect(view.to(platform.tenantStatus)[0]!.body).toEqual({ id: tenant.id, status: 1 });
    expect(screen.queryByTestId('tenant-disable-oldco')).toBeNull();
    fireEvent.click(screen.getByTestId('tenant-enable-oldco'));
    await waitFor(() => expect(view.to(platform.tenantStatus)).toHaveLength(2));
    expect(view.to(platform.tenantStatus)[1]!.body).toEqual({ id: disabled.id, status: 0 });
  });

  test('a code the server would refuse is refused in the form, naming the field', async () => {
    const view = renderPage(<TenantListPage />, { permissions: [], fixtures: consoleFixtures });
    fireEvent.click(await screen.findByTestId('tenant-create'));
    fireEvent.change(screen.getByTestId('tenant-code'), { target: { value: '9 bad' } });
    fireEvent.click(screen.getByTestId('tenant-save'));
    await screen.findByText(/^Code must be 2 to 32 lowercase letters/, undefined, { timeout: 5000 });
    expect(view.to(platform.tenantCreate)).toHaveLength(0);
  });

  test('in zh-CN the tenant list speaks Chinese', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    renderPage(<TenantListPage />, { permissions: [], fixtures: consoleFixtures });
    await screen.findByText('服务商');
    expect(headerTitles()).toEqual(expect.arrayContaining(['编码', '名称', '时区', '设备', '最近登录', '操作']));
    expect(screen.getByTestId('tenant-create').textContent).toContain('新建租户');
  });

  test('without a staff no permission list is asked for, and the actions are still there', async () => {
    const view = renderPage(
      <StafflessPages.Provider value={true}>
        <ChannelLinkPage />
      </StafflessPages.Provider>,
      { permissions: [], fixtures: consoleFixtures },
    );
    await screen.findByTestId('link-delete-Sunrise Manufacturing');
    expect(view.to(staff.staffPermission)).toHaveLength(0);
  });

  test('the catalogue filter keeps codes or names containing the keyword, of the chosen type', () => {
    expect(filterCatalogue(catalogue.rows, { keyword: 'MARK' }).map((r) => r.code)).toEqual(['b-alarm-record-read']);
    expect(filterCatalogue(catalogue.rows, { keyword: 'alarm', type: 'p' }).map((r) => r.code)).toEqual(['p-alarm-record']);
    expect(filterCatalogue(catalogue.rows, {})).toHaveLength(2);
  });
});
