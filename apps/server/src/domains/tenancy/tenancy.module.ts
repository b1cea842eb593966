import type { SessionService } from '../auth/session.service.js';
import type { OuService } from '../ou/ou.service.js';
import { domainModule } from '../types.js';
import { OrganizationService } from './organization.service.js';
import { PlatformSettingsService } from './platform-settings.service.js';
import { tenancyRoutes } from './tenancy.routes.js';
import { TenancyService } from './tenancy.service.js';

/** Tenants, customers and channel links; the organisation tree; platform settings. */
export const tenancyModule = domainModule({
  services: ({ ou, sessions }: { ou: OuService; sessions: SessionService }) => ({
    tenancy: new TenancyService(ou, sessions),
    organization: new OrganizationService(),
    platformSettings: new PlatformSettingsService(),
  }),
  routes: tenancyRoutes,
});
