import { customer, ou } from '@energy/contracts/refs';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf } from '../../../test/render-page';
import type { OuRow } from '../queries';
import OuPage from './ou-page';

const row = {
  id: 9,
  name: 'Suzhou park',
  code: 'OU-SZ',
  typeId: null,
  typeName: null,
  customerMcid: 'C1',
  customerName: 'Sunrise',
  districtAdcode: null,
  address: '88 Xinghu Street',
  memberCount: 2,
  assetCount: 0,
  createdAt: '2026-03-01T00:00:00.000Z',
} as unknown as OuRow;

describeListPages([
  {
    name: 'OU list',
    page: () => <OuPage />,
    pageCode: 'p-settings-ou',
    buttonCodes: ['b-ou-create', 'b-ou-edit', 'b-ou-delete'],
    fixtures: [fixture(ou.ouPage, pageOf([row])), fixture(ou.ouTypeList, []), fixture(customer.organizationWithCode, [])],
    headers: ['Code', 'Name', 'Type', 'Organisation', 'District / address', 'Members', 'Devices', 'Created'],
    rowText: ['OU-SZ', 'Suzhou park', '88 Xinghu Street'],
    buttons: ['ou-create', 'ou-edit-9', 'ou-members-9', 'ou-assets-9', 'ou-delete-9'],
    actionsWithoutCodes: true,
    alwaysButtons: ['ou-members-9', 'ou-assets-9'],
  },
]);
