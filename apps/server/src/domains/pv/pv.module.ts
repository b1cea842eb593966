import type { JobsService } from '../jobs/jobs.service.js';
import { domainModule } from '../types.js';
import { PvEquipmentExcel } from './pv-equipment-excel.js';
import { pvEquipmentRoutes } from './pv-equipment.routes.js';
import { PvEquipmentService } from './pv-equipment.service.js';
import { PvSettingsService } from './pv-settings.service.js';
import { PvStationsService } from './pv-stations.service.js';
import { pvRoutes } from './pv.routes.js';

/** PV stations, their settings and equipment (docs/pv.md). */
export const pvModule = domainModule({
  services: ({ jobs }: { jobs: JobsService }) => {
    const pvStations = new PvStationsService();
    const pvEquipment = new PvEquipmentService(pvStations);
    return {
      pvStations,
      pvSettings: new PvSettingsService(pvStations),
      pvEquipment,
      pvEquipmentExcel: new PvEquipmentExcel(pvEquipment, jobs),
    };
  },
  routes: (route, services) => {
    pvRoutes(route, services);
    pvEquipmentRoutes(route, services);
  },
});
