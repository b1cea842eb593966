import { role } from '@energy/contracts/refs';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf } from '../../../test/render-page';
import RoleListPage from './role-list-page';

describeListPages([
  {
    name: 'role list',
    page: () => <RoleListPage />,
    pageCode: 'p-settings-role',
    buttonCodes: ['b-role-create', 'b-role-edit', 'b-role-delete'],
    fixtures: [
      fixture(
        role.rolePage,
        pageOf([
          {
            id: 4,
            name: 'Operator',
            description: 'Runs stations',
            allOus: false,
            staffCount: 3,
            permissionCount: 12,
            createdAt: '2026-03-01T00:00:00.000Z',
          },
        ]),
      ),
    ],
    headers: ['Name', 'Description', 'All operating units', 'Staff', 'Permissions', 'Created'],
    rowText: ['Operator', 'Runs stations', '12'],
    buttons: ['role-create', 'role-view-4', 'role-edit-4', 'role-delete-4'],
    actionsWithoutCodes: true,
    alwaysButtons: ['role-view-4'],
  },
]);
