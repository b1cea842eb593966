import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { TenancyService } from '../tenancy/tenancy.service.js';
import { domainModule } from '../types.js';
import { platformRoutes } from './platform.routes.js';
import { PlatformService } from './platform.service.js';

/** The platform console of platform administrators: tenants, channel links, the catalogue's grants (docs/platform-console.md). */
export const platformModule = domainModule({
  services: ({ catalogue, tenancy }: { catalogue: CatalogueService; tenancy: TenancyService }) => ({
    platformConsole: new PlatformService(catalogue, tenancy),
  }),
  routes: platformRoutes,
});
