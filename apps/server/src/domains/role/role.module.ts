import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { domainModule } from '../types.js';
import { roleRoutes } from './role.routes.js';
import { RoleService } from './role.service.js';

/** Roles and the permission codes they grant. */
export const roleModule = domainModule({
  services: ({ catalogue }: { catalogue: CatalogueService }) => ({ role: new RoleService(catalogue) }),
  routes: roleRoutes,
});
