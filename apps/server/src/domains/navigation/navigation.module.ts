import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { StaffService } from '../staff/staff.service.js';
import { domainModule } from '../types.js';
import { navigationRoutes } from './navigation.routes.js';
import { NavigationService } from './navigation.service.js';

/** Each tenant's navigation (menu) and the app menu. */
export const navigationModule = domainModule({
  services: ({ catalogue, staff }: { catalogue: CatalogueService; staff: StaffService }) => ({
    navigation: new NavigationService(catalogue, staff),
  }),
  routes: navigationRoutes,
});
