import type { OuService } from '../ou/ou.service.js';
import { domainModule } from '../types.js';
import { OrganizationService } from './organization.service.js';
import { PlatformSettingsService } from './platform-settings.service.js';
import { tenancyRoutes } from './tenancy.routes.js';
import { TenancyService } from './tenancy.service.js';

/** Tenants, customers and channel links; the organisation tree; platform settings. */
export const tenancyModule = domainModule({
  services: ({ ou }: { ou: OuService }) => ({
    tenancy: new TenancyService(ou),
    organization: new OrganizationService(),
    platformSettings: new PlatformSettingsService(),
  }),
  routes: tenancyRoutes,
});
