import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { domainModule } from '../types.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { SessionService } from './session.service.js';
import { Throttle } from './throttle.js';

/** Sign-in, sessions and the password throttle. */
export const authModule = domainModule({
  services: ({ db, config, catalogue }: { db: Db; config: Config; catalogue: CatalogueService }) => {
    const throttle = new Throttle(db, config);
    const sessions = new SessionService(db, config, catalogue);
    return { throttle, sessions, auth: new AuthService(db, config, sessions, throttle) };
  },
  routes: authRoutes,
});
