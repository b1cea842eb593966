import type { IngestConfig } from '../../config.js';
import { domainModule } from '../types.js';
import { DeviceTypesService } from './device-types.service.js';
import { devicesRoutes } from './devices.routes.js';
import { DevicesService } from './devices.service.js';

/** The device registry and device types (docs/devices.md). */
export const devicesModule = domainModule({
  services: ({ ingest }: { ingest: IngestConfig }) => {
    const deviceTypes = new DeviceTypesService();
    return { deviceTypes, devices: new DevicesService(deviceTypes, ingest) };
  },
  routes: devicesRoutes,
});
