import type { AlarmRecordsService } from '../alarm/alarm-records.service.js';
import type { BsaService } from '../bsa/bsa.service.js';
import type { StrategyLists } from '../strategy/strategy-lists.js';
import type { StrategyOverview } from '../strategy/strategy-overview.js';
import type { TelemetryService } from '../telemetry/telemetry.service.js';
import { domainModule } from '../types.js';
import { BsaChargingService } from './bsa-charging.service.js';
import { bsaForecastRoutes } from './bsa-forecast.routes.js';
import { BsaForecastService } from './bsa-forecast.service.js';
import { BsaWatchService } from './bsa-watch.service.js';

interface Deps {
  bsa: BsaService;
  telemetry: TelemetryService;
  strategyOverview: StrategyOverview;
  strategyLists: StrategyLists;
  alarmRecords: AlarmRecordsService;
}

/** Storage stations' forecasts, money, alarms and attention list (issue 22, docs/bsa.md). */
export const bsaForecastModule = domainModule({
  services: ({ bsa, telemetry, strategyOverview, strategyLists, alarmRecords }: Deps) => ({
    bsaForecast: new BsaForecastService({ bsa, telemetry, strategyOverview, strategyLists }),
    bsaCharging: new BsaChargingService(bsa),
    bsaWatch: new BsaWatchService(bsa, alarmRecords),
  }),
  routes: bsaForecastRoutes,
});
