import type { Db } from '../../db/client.js';
import type { DevicesService } from '../devices/devices.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { domainModule } from '../types.js';
import { BsaBuildService } from './bsa-build.service.js';
import { BsaConfigDelivery } from './bsa-config-delivery.js';
import { BsaConfigService } from './bsa-config.service.js';
import { BsaLevelsService } from './bsa-levels.service.js';
import { bsaLevelsRoutes } from './bsa-levels.routes.js';
import { BsaEdgeConfigService } from './bsa-edge-config.service.js';
import { bsaEdgeRoutes } from './bsa-edge.routes.js';
import { BsaEdgeService } from './bsa-edge.service.js';
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
      // the edge calls (docs/bsa.md, "Edge calls"): their own files, beside the build
      bsaEdge: new BsaEdgeService(bsa, bsaBuild, bsaTemplates),
      bsaEdgeConfig: new BsaEdgeConfigService(bsa, bsaTemplates),
    };
  },
  routes: (route, services) => {
    bsaRoutes(route, services);
    bsaLevelsRoutes(route, services);
    bsaEdgeRoutes(route, services);
  },
});
