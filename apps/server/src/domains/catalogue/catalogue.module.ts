import type { Db } from '../../db/client.js';
import { domainModule } from '../types.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { CatalogueService } from './catalogue.service.js';

/** The permission catalogue, held in memory (loaded by buildApp). */
export const catalogueModule = domainModule({
  services: ({ db }: { db: Db }) => ({ catalogue: new CatalogueService(db) }),
  routes: catalogueRoutes,
});
