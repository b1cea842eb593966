import type { Db } from '../../db/client.js';
import type { AlarmEvaluator } from '../alarm/evaluator.js';
import type { AlarmRecordsService } from '../alarm/alarm-records.service.js';
import type { PricesService } from '../circuit/prices.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { TelemetryService } from '../telemetry/telemetry.service.js';
import { domainModule } from '../types.js';
import { MeterReadingsService } from './meter-readings.service.js';
import { PvDispersionAlarms } from './pv-dispersion-alarms.js';
import { pvDispersionRoutes } from './pv-dispersion.routes.js';
import { PvDispersionService } from './pv-dispersion.service.js';
import { PvEquipmentExcel } from './pv-equipment-excel.js';
import { pvEquipmentRoutes } from './pv-equipment.routes.js';
import { PvEquipmentService } from './pv-equipment.service.js';
import { pvNoticeboardRoutes } from './pv-noticeboard.routes.js';
import { PvNoticeboardService } from './pv-noticeboard.service.js';
import { PvReadingsExcel } from './pv-readings-excel.js';
import { pvReadingsRoutes } from './pv-readings.routes.js';
import { PvReportsService } from './pv-reports.service.js';
import { PvSettingsService } from './pv-settings.service.js';
import { PvStationsService } from './pv-stations.service.js';
import { pvRoutes } from './pv.routes.js';
import { PvOutlineDevicesService } from './pv-outline-devices.service.js';
import { pvOutlineRoutes } from './pv-outline.routes.js';
import { PvOutlineService } from './pv-outline.service.js';
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
  services: ({
    jobs,
    prices,
    db,
    alarmEvaluator,
    telemetry,
    alarmRecords,
  }: {
    jobs: JobsService;
    prices: PricesService;
    db: Db;
    alarmEvaluator: AlarmEvaluator;
    telemetry: TelemetryService;
    alarmRecords: AlarmRecordsService;
  }) => {
    const pvStations = new PvStationsService();
    const pvEquipment = new PvEquipmentService(pvStations);
    const meterReadings = new MeterReadingsService(pvStations, jobs);
    const pvReports = new PvReportsService(pvStations, prices);
    const performance = performanceServices(pvStations);
    const pvOutline = new PvOutlineService(pvStations, pvReports, alarmRecords, performance.pvPerformance);
    const pvOutlineDevices = new PvOutlineDevicesService(pvStations, telemetry, alarmRecords);
    const pvDispersion = new PvDispersionService(pvStations);
    return {
      meterReadings,
      pvReports,
      pvReadingsExcel: new PvReadingsExcel(meterReadings, pvReports),
      pvStations,
      pvSettings: new PvSettingsService(pvStations),
      pvEquipment,
      pvEquipmentExcel: new PvEquipmentExcel(pvEquipment, jobs),
      pvDispersion,
      pvDispersionAlarms: new PvDispersionAlarms(db, alarmEvaluator),
      pvOutline,
      pvOutlineDevices,
      pvNoticeboard: new PvNoticeboardService(pvStations, {
        outline: pvOutline,
        devices: pvOutlineDevices,
        dispersion: pvDispersion,
        performance: performance.pvPerformance,
        alarms: alarmRecords,
      }),
      ...performance,
    };
  },
  routes: (route, services) => {
    pvRoutes(route, services);
    pvEquipmentRoutes(route, services);
    pvReadingsRoutes(route, services);
    pvDispersionRoutes(route, services);
    pvOutlineRoutes(route, services);
    pvNoticeboardRoutes(route, services);
    pvPerformanceRoutes(route, services);
  },
});
