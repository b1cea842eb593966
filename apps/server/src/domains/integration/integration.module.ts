import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { StaffService } from '../staff/staff.service.js';
import { domainModule } from '../types.js';
import { integrationRoutes } from './integration.routes.js';
import { IntegrationService } from './integration.service.js';

/** Integrated apps, the GIS configuration and FCS software versions. */
export const integrationModule = domainModule({
  services: ({ catalogue, staff }: { catalogue: CatalogueService; staff: StaffService }) => ({
    integration: new IntegrationService(catalogue, staff),
  }),
  routes: integrationRoutes,
});
