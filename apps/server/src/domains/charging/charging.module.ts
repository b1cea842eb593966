import type { Db } from '../../db/client.js';
import type { AccountService } from '../account/account.service.js';
import type { AlarmEvaluator } from '../alarm/evaluator.js';
import { domainModule } from '../types.js';
import { chargingRoutes } from './charging.routes.js';
import { ChargingService } from './charging.service.js';
import { CentralSystem } from './ocpp-server.js';

/** EV charging (docs/charging.md): assets, prices, sessions, and the OCPP 1.6J central system (mounted in app.ts). */
export const chargingModule = domainModule({
  services: ({ db, account, alarmEvaluator }: { db: Db; account: AccountService; alarmEvaluator: AlarmEvaluator }) => {
    const ocppCentral = new CentralSystem(db, alarmEvaluator);
    return { ocppCentral, charging: new ChargingService(account, () => ocppCentral) };
  },
  routes: chargingRoutes,
});
