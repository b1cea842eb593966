import type { Db } from '../../db/client.js';
import type { AccountService } from '../account/account.service.js';
import type { PushPublisher } from '../../realtime/push.js';
import type { AlarmEvaluator } from '../alarm/evaluator.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { ChargingPush } from './charging-push.js';
import { domainModule } from '../types.js';
import { chargingRoutes } from './charging.routes.js';
import { ChargingService } from './charging.service.js';
import { CentralSystem } from './ocpp-server.js';

/** EV charging (docs/charging.md): assets, prices, sessions, and the OCPP 1.6J central system (mounted in app.ts). */
export const chargingModule = domainModule({
  services: (deps: {
    db: Db;
    account: AccountService;
    alarmEvaluator: AlarmEvaluator;
    push: PushPublisher;
    catalogue: CatalogueService;
  }) => {
    const { db, account, alarmEvaluator } = deps;
    const ocppCentral = new CentralSystem(db, alarmEvaluator);
    // live states of open pages over STOMP
    const pushes = new ChargingPush(db, deps.push, deps.catalogue);
    ocppCentral.changed.add((event) => pushes.changed(event));
    ocppCentral.onClose(() => pushes.stop());
    return { ocppCentral, charging: new ChargingService(account, () => ocppCentral) };
  },
  routes: chargingRoutes,
});
