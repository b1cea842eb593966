import type { Db } from '../../db/client.js';
import { domainModule } from '../types.js';
import { auditRoutes } from './audit.routes.js';
import { AuditService } from './audit.service.js';

/** The audit log: written by the registry for every command, read by its pages. */
export const auditModule = domainModule({
  services: ({ db }: { db: Db }) => ({ audit: new AuditService(db) }),
  routes: auditRoutes,
});
