import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { domainModule } from '../types.js';
import { filesRoutes } from './files.routes.js';
import { FilesService } from './files.service.js';

/** The file center: uploads under DATA_DIR/files/<tenant>. */
export const filesModule = domainModule({
  services: ({ db, config }: { db: Db; config: Config }) => ({
    files: new FilesService(db, path.join(config.dataDir, 'files'), config.security.uploadQuotaBytes),
  }),
  routes: filesRoutes,
});
