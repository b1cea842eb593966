import type { Db } from '../../db/client.js';
import { domainModule } from '../types.js';
import { bsaRoutes } from './bsa.routes.js';
import { BsaService } from './bsa.service.js';

/** Storage stations and their tariffs. */
export const bsaModule = domainModule({
  services: ({ db }: { db: Db }) => ({ bsa: new BsaService(db) }),
  routes: bsaRoutes,
});
