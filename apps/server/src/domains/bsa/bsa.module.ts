import type { Db } from '../../db/client.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { domainModule } from '../types.js';
import { BsaBuildService } from './bsa-build.service.js';
import { BsaConfigDelivery } from './bsa-config-delivery.js';
import { BsaConfigService } from './bsa-config.service.js';
import { BsaLevelsService } from './bsa-levels.service.js';
import { bsaLevelsRoutes } from './bsa-levels.routes.js';
import { BsaLifecycleService } from './bsa-lifecycle.service.js';
import { BsaTemplatesService } from './bsa-templates.service.js';
import { bsaRoutes } from './bsa.routes.js';
import { BsaService } from './bsa.service.js';

/** Storage stations: their tariffs, their lifecycle, their battery hierarchy and its templates. */
export const bsaModule = domainModule({
  /** `answerTimeoutMs`: how long the FCS has to answer a configuration publish (the strategy delivery's timeout). */
  services: ({ db, devices, jobs, answerTimeoutMs }: { db: Db; devices: DevicesService; jobs: JobsService; answerTimeoutMs: number }) => {
    const bsa = new BsaService(db);
    const bsaTemplates = new BsaTemplatesService();
    // publishes configurations to the FCS over the ingest's broker and takes their answers and battery data
    const bsaConfigDelivery = new BsaConfigDelivery(db, answerTimeoutMs);
    const bsaConfig = new BsaConfigService(bsa, bsaConfigDelivery, answerTimeoutMs);
    const bsaBuild = new BsaBuildService(bsa, devices, jobs, bsaTemplates);
    return {
      bsaConfigDelivery,
      bsaConfig,
      bsa,
      bsaLifecycle: new BsaLifecycleService(bsa, devices),
      bsaTemplates,
      bsaBuild,
      bsaLevels: new BsaLevelsService(bsa, bsaBuild, bsaConfig, bsaTemplates),
    };
  },
  routes: (route, services) => {
    bsaRoutes(route, services);
    bsaLevelsRoutes(route, services);
  },
});
