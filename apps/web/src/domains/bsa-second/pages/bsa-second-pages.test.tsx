import { bsaSecond } from '@energy/contracts/refs';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf } from '../../../test/render-page';
import { DistributionLog } from '../components/distribution-log';
import type { CabinetRow, SecondRow, TargetRow } from '../queries';
import CabinetListPage from './cabinet-list-page';
import SecondStationPage from './second-station-page';

const station = {
  id: 2,
  code: 'WX-01-BSA-01',
  name: 'Wuxi plant storage',
  status: 'enabled',
  ouId: 4,
  ouName: 'Wuxi Plant Site',
  ratedPowerKw: 250,
  capacityKwh: 500,
  strategyVersion: 2,
  online: true,
  secondEdition: true,
  fcs: { deviceId: 9, code: 'WX-01-FCS-01', name: 'FCS', online: true, softwareVersion: '2.4.0', hardwareVersion: 'FCS-H2' },
  cabinets: 1,
  createdAt: '2026-03-01T00:00:00.000Z',
} satisfies SecondRow;

const cabinet = {
  id: 7,
  bsaId: 2,
  bsaCode: 'WX-01-BSA-01',
  bsaName: 'Wuxi plant storage',
  code: 'WX-01-CAB-01',
  name: 'Cabinet 1',
  ratedPowerKw: 125,
  capacityKwh: 250.5,
  note: null,
  links: 3,
  createdAt: '2026-03-01T00:00:00.000Z',
} satisfies CabinetRow;

const target = {
  id: 11,
  distributionId: 3,
  fcsDeviceId: 9,
  fcsCode: 'WX-01-FCS-01',
  stationCode: 'WX-01-BSA-01',
  softwareVersion: '2.4.0',
  fileName: 'fcs-2.4.0.zip',
  fromVersion: '2.3.1',
  state: 'failed',
  reason: 'checksum mismatch',
  attempt: 1,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:05.000Z',
  finishedAt: '2026-03-01T00:00:05.000Z',
} satisfies TargetRow;

describeListPages([
  {
    name: 'second-edition stations',
    page: () => <SecondStationPage />,
    pageCode: 'p-bsa-second-edition',
    buttonCodes: ['b-bsa-second-edition-edit', 'b-bsa-second-edition-status', 'b-bsa-second-edition-export'],
    fixtures: [fixture(bsaSecond.page, pageOf([station]))],
    headers: ['Code', 'Name', 'Edition', 'Status', 'FCS', 'Cabinets', 'Capacity (kWh)'],
    rowText: ['WX-01-BSA-01', 'Second edition', 'Enabled', 'WX-01-FCS-01 · 2.4.0'],
    buttons: ['second-detail', 'second-disable', 'second-invalidate', 'excel-export'],
    actionsWithoutCodes: true,
    alwaysButtons: ['second-detail'],
  },
  {
    name: 'storage cabinets',
    page: () => <CabinetListPage />,
    pageCode: 'p-bsa-cabinet',
    buttonCodes: ['b-bsa-cabinet-create', 'b-bsa-cabinet-edit', 'b-bsa-cabinet-delete', 'b-bsa-cabinet-export'],
    fixtures: [fixture(bsaSecond.cabinetList, [cabinet]), fixture(bsaSecond.page, pageOf([station]))],
    headers: ['Code', 'Name', 'Station', 'Rated power (kW)', 'Capacity (kWh)', 'Devices', 'Created'],
    rowText: ['WX-01-CAB-01', 'WX-01-BSA-01', '250.5'],
    buttons: ['cabinet-create', 'cabinet-edit', 'cabinet-delete', 'cabinet-devices', 'excel-export'],
    actionsWithoutCodes: true,
    alwaysButtons: ['cabinet-devices'],
  },
  {
    name: 'firmware distribution log',
    page: () => <DistributionLog />,
    pageCode: 'p-bsa-firmware',
    buttonCodes: ['b-bsa-firmware-distribute', 'b-bsa-firmware-export'],
    fixtures: [fixture(bsaSecond.distributeLogList, pageOf([target]))],
    headers: ['Distribution', 'FCS', 'Station', 'From', 'To', 'Attempt', 'State', 'Reason', 'Started', 'Finished'],
    rowText: ['WX-01-FCS-01', 'Failed', 'checksum mismatch'],
    buttons: ['log-retry', 'excel-export'],
  },
]);
