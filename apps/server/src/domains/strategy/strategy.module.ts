import type { StrategyConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AccountService } from '../account/account.service.js';
import type { AlarmEvaluator } from '../alarm/evaluator.js';
import type { BsaBuildService } from '../bsa/bsa-build.service.js';
import type { BsaService } from '../bsa/bsa.service.js';
import type { TelemetryService } from '../telemetry/telemetry.service.js';
import type { OrganizationService } from '../tenancy/organization.service.js';
import { domainModule } from '../types.js';
import { StrategyDelivery } from './delivery.js';
import { StrategyDeliveryService } from './strategy-delivery.service.js';
import { StrategyLibraryService } from './strategy-library.service.js';
import { StrategyLists } from './strategy-lists.js';
import { StrategyOverview } from './strategy-overview.js';
import { strategyRoutes } from './strategy.routes.js';

interface StrategyDeps {
  db: Db;
  strategy: StrategyConfig;
  alarmEvaluator: AlarmEvaluator;
  bsa: BsaService;
  bsaBuild: BsaBuildService;
  telemetry: TelemetryService;
  organization: OrganizationService;
  account: AccountService;
}

/**
 * Strategies (docs/strategies.md): the libraries, delivery to the stations' FCS over the ingest's broker
 * (`strategyDelivery`, an ingest listener; failures raise DELIVERY_FAILED through the alarm evaluator)
 * and the overview.
 */
export const strategyModule = domainModule({
  services: ({ db, strategy, alarmEvaluator, bsa, bsaBuild, telemetry, organization, account }: StrategyDeps) => {
    const strategyDelivery = new StrategyDelivery(db, strategy, alarmEvaluator);
    const strategyLists = new StrategyLists(bsa);
    const strategyLibrary = new StrategyLibraryService(bsa, telemetry, organization, strategyLists);
    return {
      strategyDelivery,
      strategyLists,
      strategyLibrary,
      strategyDeliveries: new StrategyDeliveryService(bsa, account, strategyLists, strategyDelivery, strategyLibrary),
      strategyOverview: new StrategyOverview(bsa, strategyLists, strategyLibrary, bsaBuild),
    };
  },
  routes: strategyRoutes,
});
