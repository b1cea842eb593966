import type { IngestConfig } from '../../config.js';
import type { DevicesService } from '../devices/devices.service.js';
import { domainModule } from '../types.js';
import { telemetryRoutes } from './telemetry.routes.js';
import { TelemetryService } from './telemetry.service.js';

/** Telemetry queries (the ingest itself is started by buildApp: app.ts, docs/devices.md). */
export const telemetryModule = domainModule({
  services: ({ devices, ingest }: { devices: DevicesService; ingest: IngestConfig }) => ({
    telemetry: new TelemetryService(devices, ingest),
  }),
  routes: telemetryRoutes,
});
