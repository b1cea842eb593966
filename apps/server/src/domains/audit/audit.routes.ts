import { audit } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';

export const auditRoutes: DomainRoutes = (route, { audit: service }) => {
  route(audit.auditLogPage, (ctx, input) => service.page(ctx, input));
  route(audit.auditLogExport, (ctx, input, { reply }) => service.exportCsv(ctx, input, reply));
};
