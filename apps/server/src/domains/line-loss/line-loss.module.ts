import type { Db } from '../../db/client.js';
import type { AlarmEvaluator } from '../alarm/evaluator.js';
import { domainModule } from '../types.js';
import { LineLossAlarmService } from './line-loss-alarms.service.js';
import { lineLossRoutes } from './line-loss.routes.js';
import { LineLossService } from './line-loss.service.js';

/** Line loss (docs/line-loss.md): configurations, loss per day and month, alarm rules raising server alarms. */
export const lineLossModule = domainModule({
  services: ({ db, alarmEvaluator }: { db: Db; alarmEvaluator: AlarmEvaluator }) => {
    const lineLoss = new LineLossService();
    return { lineLoss, lineLossAlarms: new LineLossAlarmService(db, lineLoss, alarmEvaluator) };
  },
  routes: lineLossRoutes,
});
