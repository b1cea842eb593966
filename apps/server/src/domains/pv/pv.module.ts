import { domainModule } from '../types.js';
import { PvSettingsService } from './pv-settings.service.js';
import { PvStationsService } from './pv-stations.service.js';
import { pvRoutes } from './pv.routes.js';

/** PV stations, their settings and equipment (docs/pv.md). */
export const pvModule = domainModule({
  services: (_deps: Record<string, never>) => {
    const pvStations = new PvStationsService();
    return { pvStations, pvSettings: new PvSettingsService(pvStations) };
  },
  routes: pvRoutes,
});
