import { customer, ou, role, staff } from '@energy/contracts/refs';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf } from '../../../test/render-page';
import type { StaffRow } from '../queries';
import StaffListPage from './staff-list-page';

const row = {
  id: 5,
  staffCode: 'S0005',
  username: 'dave',
  name: 'Dave',
  customerMcid: 'C1',
  customerName: 'Sunrise',
  roleId: 2,
  roleName: 'Operator',
  ous: [{ id: 1, name: 'Suzhou' }],
  status: 0,
  createdAt: '2026-03-01T00:00:00.000Z',
} as unknown as StaffRow;

describeListPages([
  {
    name: 'staff list',
    page: () => <StaffListPage />,
    pageCode: 'p-settings-staff',
    buttonCodes: ['b-staff-create', 'b-staff-edit', 'b-staff-status'],
    fixtures: [
      fixture(staff.staffPage, pageOf([row])),
      fixture(role.roleList, []),
      fixture(ou.ouList, []),
      fixture(customer.organizationWithCode, []),
    ],
    headers: ['Staff code', 'Username', 'Name', 'Organisation', 'Role', 'Operating units', 'Status', 'Created'],
    rowText: ['S0005', 'dave', 'Operator', 'Suzhou'],
    buttons: ['staff-create', 'staff-edit-5', 'staff-status-5'],
  },
]);
