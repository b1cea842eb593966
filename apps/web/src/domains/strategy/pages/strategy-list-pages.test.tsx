import { strategy } from '@energy/contracts/refs';
import { describeListPages } from '../../../test/list-page-cases';
import { fixture, pageOf } from '../../../test/render-page';
import type { DeliveryRow, StrategyRow } from '../queries';
import DeliverLogPage from './deliver-log-page';
import StrategyListPage from './strategy-list-page';
import TemplateListPage from './template-list-page';

const row = (kind: StrategyRow['kind']) =>
  ({
    id: 11,
    name: 'Peak shaving',
    kind,
    bsaId: kind === 'template' ? null : 2,
    bsaName: kind === 'template' ? null : 'Station A',
    customerName: 'Sunrise',
    version: 1,
    versionName: 'CA',
    status: 'enabled',
    executing: false,
    executiveTimes: null,
    lastDelivery: null,
    boundCustomers: 2,
    updatedBy: { id: 1, name: 'Alice' },
    updatedAt: '2026-03-01T00:00:00.000Z',
  }) as unknown as StrategyRow;
const delivery = {
  id: 21,
  requestedAt: '2026-03-01T00:00:00.000Z',
  operator: { id: 1, name: 'Alice', staffCode: 'S0001' },
  bsaName: 'Station A',
  strategyId: 11,
  strategyName: 'Peak shaving',
  kind: 'strategy',
  action: 'deliver',
  version: 1,
  revision: 3,
  result: 'accepted',
  answeredAt: null,
  reason: null,
} as unknown as DeliveryRow;

describeListPages([
  {
    name: 'strategy list',
    page: () => <StrategyListPage />,
    pageCode: 'p-bsa-strategy',
    buttonCodes: ['b-bsa-strategy-create', 'b-bsa-strategy-edit', 'b-bsa-strategy-delete', 'b-bsa-strategy-deliver'],
    fixtures: [fixture(strategy.strategyPage, pageOf([row('strategy')])), fixture(strategy.strategyLocalExecuting, [])],
    headers: ['Name', 'Kind', 'Station', 'Version', 'Status', 'Dates', 'Last delivery', 'Updated'],
    rowText: ['Peak shaving', 'Station A', 'CA'],
    buttons: [
      'strategy-create',
      'strategy-view',
      'strategy-edit',
      'strategy-copy',
      'strategy-toggle',
      'strategy-deliver',
      'strategy-delete',
    ],
    actionsWithoutCodes: true,
    alwaysButtons: ['strategy-view'],
  },
  {
    name: 'template list',
    page: () => <TemplateListPage />,
    pageCode: 'p-bsa-template',
    buttonCodes: ['b-bsa-template-create', 'b-bsa-template-edit', 'b-bsa-template-delete'],
    fixtures: [fixture(strategy.strategyPage, pageOf([row('template')]))],
    headers: ['Name', 'Version', 'Status', 'Customers', 'Updated by', 'Updated'],
    rowText: ['Peak shaving', 'CA', 'Alice'],
    buttons: ['template-create', 'template-view', 'template-edit', 'template-copy', 'template-bind', 'template-toggle', 'template-delete'],
    actionsWithoutCodes: true,
    alwaysButtons: ['template-view'],
  },
  {
    name: 'delivery log',
    page: () => <DeliverLogPage />,
    pageCode: 'p-bsa-deliver-log',
    buttonCodes: ['b-bsa-strategy-edit'],
    fixtures: [fixture(strategy.strategyDeliverLog, pageOf([delivery])), fixture(strategy.strategyLocalExecuting, [])],
    headers: ['Time', 'Operator', 'Station', 'Strategy', 'Action', 'Version', 'Result', 'Answered', 'Detail'],
    rowText: ['Alice (S0001)', 'Peak shaving', 'r3'],
    buttons: ['deliver-log-restore'],
  },
]);
