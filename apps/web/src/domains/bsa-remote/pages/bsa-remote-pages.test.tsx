import { bsaRemote } from '@energy/contracts/refs';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf } from '../../../test/render-page';
import type { CommandRow, LogRow } from '../queries';
import CommandLogPage from './command-log-page';
import OperationLogPage from './operation-log-page';
import RemoteControlPage from './remote-control-page';

const command: CommandRow = {
  id: 3,
  name: 'Set PCS power',
  deviceType: 'pcs',
  action: 'set-power',
  minValue: -250,
  maxValue: 250,
  unit: 'kW',
  options: null,
  description: 'Discharge positive',
  sends: 4,
  updatedBy: 'Alice',
  updatedAt: '2026-03-01T00:00:00.000Z',
};
const log: LogRow = {
  id: 9,
  requestId: '3f0e4a44-6a1f-4a53-9a43-1c2f3b4d5e6f',
  commandId: 3,
  commandName: 'Set PCS power',
  action: 'set-power',
  deviceType: 'pcs',
  bsaId: 2,
  bsaCode: 'WX-01-BSA-01',
  bsaName: 'Wuxi plant storage',
  deviceId: 7,
  deviceCode: 'WX-01-PCS-01',
  deviceName: 'PCS 1',
  value: -120.5,
  unit: 'kW',
  valueLabel: null,
  status: 'refused',
  reason: 'the PCS is stopped: start it before setting its power',
  operatorCode: 'SR-ALICE',
  operatorName: 'Alice',
  requestedAt: '2026-03-01T00:00:00.000Z',
  answeredAt: '2026-03-01T00:00:01.000Z',
};

describeListPages([
  {
    name: 'remote control',
    page: () => <RemoteControlPage />,
    pageCode: 'p-bsa-remote',
    buttonCodes: ['b-bsa-remote-command-create', 'b-bsa-remote-command-edit', 'b-bsa-remote-command-delete', 'b-bsa-remote-send'],
    fixtures: [fixture(bsaRemote.commandPage, pageOf([command])), fixture(bsaRemote.bsaList, [])],
    headers: ['Command', 'Device type', 'Action', 'Parameter', 'Description', 'Sent', 'Updated'],
    rowText: ['Set PCS power', 'Set power', '-250 … 250 kW'],
    buttons: ['remote-command-create', 'remote-send', 'remote-command-edit', 'remote-command-delete', 'remote-operations-open'],
    alwaysButtons: ['remote-operations-open'],
  },
  {
    name: 'operation log',
    page: () => <OperationLogPage />,
    pageCode: 'p-bsa-remote',
    buttonCodes: ['b-bsa-remote-operation-export'],
    fixtures: [
      fixture(
        bsaRemote.operationPage,
        pageOf([
          {
            id: 5,
            operation: 'send',
            commandId: 3,
            commandName: 'Set PCS power',
            detail: 'set-power -120.5 kW to WX-01-PCS-01 of WX-01-BSA-01',
            logId: 9,
            operatorCode: 'SR-ALICE',
            operatorName: 'Alice',
            at: '2026-03-01T00:00:00.000Z',
          },
        ]),
      ),
    ],
    headers: ['Time', 'Operation', 'Command', 'Detail', 'Operator'],
    rowText: ['Sent', 'set-power -120.5 kW to WX-01-PCS-01', 'Alice (SR-ALICE)'],
    buttons: ['excel-export'],
    noActionColumn: true,
  },
  {
    name: 'command log',
    page: () => <CommandLogPage />,
    pageCode: 'p-bsa-remote-log',
    buttonCodes: ['b-bsa-remote-log-export'],
    fixtures: [fixture(bsaRemote.logPage, pageOf([log])), fixture(bsaRemote.bsaList, []), fixture(bsaRemote.logDeviceList, [])],
    headers: ['Sent', 'Station', 'Device', 'Command', 'Value', 'Status', 'Answer', 'Operator', 'Answered'],
    rowText: ['WX-01-PCS-01', '-120.5 kW', 'Refused', 'the PCS is stopped', 'Alice (SR-ALICE)'],
    buttons: ['excel-export'],
    noActionColumn: true,
  },
]);
