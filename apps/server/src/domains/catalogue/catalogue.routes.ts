import { catalogue } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';

export const catalogueRoutes: DomainRoutes = (route, { catalogue: service }) => {
  route(catalogue.permissionTree, () => service.tree());
};
