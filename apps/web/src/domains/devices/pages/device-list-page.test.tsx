import { device, ou } from '@energy/contracts/refs';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf } from '../../../test/render-page';
import type { DeviceRow } from '../queries';
import DeviceListPage from './device-list-page';

const row: DeviceRow = {
  id: 7,
  code: 'SZ-01-PV-01',
  name: 'Roof inverter',
  deviceTypeId: 3,
  deviceTypeKey: 'inverter',
  deviceTypeName: 'PV inverter',
  categoryKey: 'pv',
  isGateway: false,
  customerMcid: 'C1',
  customerName: 'Sunrise',
  ouId: 1,
  ouName: 'Suzhou',
  gatewayId: null,
  gatewayName: null,
  location: null,
  ratedPowerKw: null,
  mqttUsername: null,
  credentialsIssuedAt: null,
  online: true,
  lastSeenAt: null,
  createdAt: '2026-03-01T00:00:00.000Z',
};

describeListPages([
  {
    name: 'device list',
    page: () => <DeviceListPage />,
    pageCode: 'p-settings-device',
    buttonCodes: ['b-device-create', 'b-device-edit', 'b-device-delete', 'b-device-credentials', 'b-device-import', 'b-device-export'],
    fixtures: [
      fixture(device.devicePage, pageOf([row])),
      fixture(device.deviceTypeTree, []),
      fixture(device.deviceOuList, [row]),
      fixture(ou.ouList, []),
    ],
    headers: ['Code', 'Name', 'Type', 'State / Last seen', 'Operating unit', 'Customer', 'Gateway', 'Created'],
    rowText: ['SZ-01-PV-01', 'Roof inverter', 'PV inverter', 'Suzhou'],
    buttons: ['device-create', 'device-edit', 'device-credentials', 'device-delete', 'excel-import', 'excel-template', 'excel-export'],
  },
]);
