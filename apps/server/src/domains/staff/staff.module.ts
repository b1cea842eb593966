import type { SessionService } from '../auth/session.service.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { OuService } from '../ou/ou.service.js';
import type { RoleService } from '../role/role.service.js';
import { domainModule } from '../types.js';
import { StaffAdminService } from './staff-admin.service.js';
import { staffRoutes } from './staff.routes.js';
import { StaffService } from './staff.service.js';

/** The current user and staff switching, and the staff administration. */
export const staffModule = domainModule({
  services: ({
    sessions,
    catalogue,
    ou,
    role,
  }: {
    sessions: SessionService;
    catalogue: CatalogueService;
    ou: OuService;
    role: RoleService;
  }) => ({
    staff: new StaffService(sessions, catalogue),
    staffAdmin: new StaffAdminService(ou, role),
  }),
  routes: staffRoutes,
});
