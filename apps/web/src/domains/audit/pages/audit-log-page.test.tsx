import { audit, staff } from '@energy/contracts/refs';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf } from '../../../test/render-page';
import AuditLogPage from './audit-log-page';

describeListPages([
  {
    name: 'audit log',
    page: () => <AuditLogPage />,
    pageCode: 'p-settings-audit',
    buttonCodes: ['b-audit-export'],
    fixtures: [
      fixture(
        audit.auditLogPage,
        pageOf([
          {
            id: 1,
            at: '2026-03-01T00:00:00.000Z',
            muid: 'U1',
            username: 'alice',
            staffId: 1,
            staffCode: 'S0001',
            call: 'device.deviceCreate',
            target: 'SZ-01',
            outcome: 'ok' as const,
            code: 0,
            ip: '127.0.0.1',
            durationMs: 12,
          },
        ]),
      ),
      fixture(staff.staffPage, pageOf([])),
    ],
    headers: ['Time', 'User', 'Staff', 'Call', 'Target', 'Outcome', 'Code', 'Address', 'Duration (ms)'],
    rowText: ['alice', 'device.deviceCreate', 'SZ-01'],
    buttons: ['audit-export'],
    noActionColumn: true,
  },
]);
