import { audit } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { AuditService } from './audit.service.js';

export const auditRoutes: DomainRoutes<{ audit: AuditService }> = (route, { audit: service }) => {
  route(audit.auditLogPage, (ctx, input) => service.page(ctx, input));
  route(audit.auditLogExport, (ctx, input, http) => service.export(ctx, input, http));
};
