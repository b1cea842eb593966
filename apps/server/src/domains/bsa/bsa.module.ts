import type { Db } from '../../db/client.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { domainModule } from '../types.js';
import { BsaBuildService } from './bsa-build.service.js';
import { BsaLifecycleService } from './bsa-lifecycle.service.js';
import { BsaTemplatesService } from './bsa-templates.service.js';
import { bsaRoutes } from './bsa.routes.js';
import { BsaService } from './bsa.service.js';

/** Storage stations: their tariffs, their lifecycle, their battery hierarchy and its templates. */
export const bsaModule = domainModule({
  services: ({ db, devices, jobs }: { db: Db; devices: DevicesService; jobs: JobsService }) => {
    const bsa = new BsaService(db);
    const bsaTemplates = new BsaTemplatesService();
    return {
      bsa,
      bsaLifecycle: new BsaLifecycleService(bsa, devices),
      bsaTemplates,
      bsaBuild: new BsaBuildService(bsa, devices, jobs, bsaTemplates),
    };
  },
  routes: bsaRoutes,
});
