import type { BsaLevelsService } from '../bsa/bsa-levels.service.js';
import type { BsaService } from '../bsa/bsa.service.js';
import { domainModule } from '../types.js';
import { BsaMonitorBatteryService } from './bsa-monitor-battery.service.js';
import { bsaMonitorRoutes } from './bsa-monitor.routes.js';
import { BsaMonitorStatisticsService } from './bsa-monitor-statistics.service.js';
import { BsaMonitorService } from './bsa-monitor.service.js';

/** Live monitoring of storage stations (issue 22): read-only over the stations, their rollups and battery. */
export const bsaMonitorModule = domainModule({
  services: ({ bsa, bsaLevels }: { bsa: BsaService; bsaLevels: BsaLevelsService }) => ({
    bsaMonitor: new BsaMonitorService(bsa, bsaLevels),
    bsaMonitorBattery: new BsaMonitorBatteryService(bsa, bsaLevels),
    bsaMonitorStatistics: new BsaMonitorStatisticsService(bsa, bsaLevels),
  }),
  routes: bsaMonitorRoutes,
});
