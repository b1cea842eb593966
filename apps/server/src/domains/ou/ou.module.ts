import type { DevicesService } from '../devices/devices.service.js';
import { domainModule } from '../types.js';
import { OuAdminService } from './ou-admin.service.js';
import { ouRoutes } from './ou.routes.js';
import { OuService } from './ou.service.js';

/** Operating units: the staff's visible OUs, locations, and their administration. */
export const ouModule = domainModule({
  services: ({ devices }: { devices: DevicesService }) => {
    const ou = new OuService();
    return { ou, ouAdmin: new OuAdminService(ou, devices) };
  },
  routes: ouRoutes,
});
