import type { SessionService } from '../auth/session.service.js';
import type { Throttle } from '../auth/throttle.js';
import { domainModule } from '../types.js';
import { accountRoutes } from './account.routes.js';
import { AccountService } from './account.service.js';

/** The signed-in person's own settings: profile, passwords, navigation preference. */
export const accountModule = domainModule({
  services: ({ sessions, throttle }: { sessions: SessionService; throttle: Throttle }) => ({
    account: new AccountService(sessions, throttle),
  }),
  routes: accountRoutes,
});
