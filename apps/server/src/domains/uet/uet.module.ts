import { domainModule } from '../types.js';
import { uetRoutes } from './uet.routes.js';
import { UetService } from './uet.service.js';

/** Income calculation start times and the test tool's statistics. */
export const uetModule = domainModule({
  services: () => ({ uet: new UetService() }),
  routes: uetRoutes,
});
