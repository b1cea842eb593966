import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { domainModule } from '../types.js';
import { jobsRoutes } from './jobs.routes.js';
import { JobsService } from './jobs.service.js';

/** Long work a staff started (imports): progress, outcome and problems; files under DATA_DIR/jobs. */
export const jobsModule = domainModule({
  services: ({ db, config }: { db: Db; config: Config }) => ({ jobs: new JobsService(db, path.join(config.dataDir, 'jobs')) }),
  routes: jobsRoutes,
});
