import { catalogue } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { CatalogueService } from './catalogue.service.js';

export const catalogueRoutes: DomainRoutes<{ catalogue: CatalogueService }> = (route, { catalogue: service }) => {
  route(catalogue.permissionTree, (ctx) => service.tree(ctx.lang));
};
