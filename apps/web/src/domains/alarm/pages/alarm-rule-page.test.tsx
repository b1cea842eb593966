import { alarm, device } from '@energy/contracts/refs';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf } from '../../../test/render-page';
import type { AlarmRuleRow } from '../queries';
import AlarmRulePage from './alarm-rule-page';

const rule: AlarmRuleRow = {
  id: 3,
  name: 'Meter over 100',
  description: null,
  deviceTypeId: 2,
  deviceTypeName: 'Grid meter',
  propertyId: 45,
  propertyKey: 'p',
  propertyName: 'Active power',
  unit: 'kW',
  condition: 'GT',
  threshold: 100,
  durationSeconds: 60,
  level: 1,
  ouId: null,
  ouName: null,
  deviceIds: [],
  enabled: true,
  activeCount: 2,
  tenantName: 'Sunrise Manufacturing',
  own: true,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
};

// the record list's buttons are tested in alarm-pages.test.tsx
describeListPages([
  {
    name: 'alarm rules',
    page: () => <AlarmRulePage />,
    pageCode: 'p-alarm-rule',
    buttonCodes: ['b-alarm-rule-create', 'b-alarm-rule-edit', 'b-alarm-rule-delete'],
    fixtures: [fixture(alarm.alarmRulePage, pageOf([rule])), fixture(device.deviceTypeTree, [])],
    headers: ['Name', 'Device type', 'Property', 'Condition', 'Level', 'Operating unit', 'Devices', 'Enabled', 'Active alarms', 'Updated'],
    rowText: ['Meter over 100', 'Grid meter', 'Active power', '60 s'],
    buttons: ['alarm-rule-create', 'alarm-rule-edit', 'alarm-rule-delete', 'alarm-rule-status'],
  },
]);
