import type { PricesService } from '../circuit/prices.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { domainModule } from '../types.js';
import { MeterReadingsService } from './meter-readings.service.js';
import { PvEquipmentExcel } from './pv-equipment-excel.js';
import { pvEquipmentRoutes } from './pv-equipment.routes.js';
import { PvEquipmentService } from './pv-equipment.service.js';
import { PvReadingsExcel } from './pv-readings-excel.js';
import { pvReadingsRoutes } from './pv-readings.routes.js';
import { PvReportsService } from './pv-reports.service.js';
import { PvSettingsService } from './pv-settings.service.js';
import { PvStationsService } from './pv-stations.service.js';
import { pvRoutes } from './pv.routes.js';
import { PvPerformanceConfigService } from './pv-performance-config.service.js';
import { pvPerformanceRoutes } from './pv-performance.routes.js';
import { PvPerformanceService } from './pv-performance.service.js';

/** Performance analytics (issue 19): the config and the figures (pv-performance.service.ts). */
function performanceServices(pvStations: PvStationsService) {
  const pvPerformanceConfig = new PvPerformanceConfigService(pvStations);
  return { pvPerformanceConfig, pvPerformance: new PvPerformanceService(pvStations, pvPerformanceConfig) };
}

/** PV stations, their settings and equipment, meter readings and reports (docs/pv.md). */
export const pvModule = domainModule({
  services: ({ jobs, prices }: { jobs: JobsService; prices: PricesService }) => {
    const pvStations = new PvStationsService();
    const pvEquipment = new PvEquipmentService(pvStations);
    const meterReadings = new MeterReadingsService(pvStations, jobs);
    const pvReports = new PvReportsService(pvStations, prices);
    return {
      meterReadings,
      pvReports,
      pvReadingsExcel: new PvReadingsExcel(meterReadings, pvReports),
      pvStations,
      pvSettings: new PvSettingsService(pvStations),
      pvEquipment,
      pvEquipmentExcel: new PvEquipmentExcel(pvEquipment, jobs),
      ...performanceServices(pvStations),
    };
  },
  routes: (route, services) => {
    pvRoutes(route, services);
    pvEquipmentRoutes(route, services);
    pvReadingsRoutes(route, services);
    pvPerformanceRoutes(route, services);
  },
});
