import { uet } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { UetService } from './uet.service.js';

export const uetRoutes: DomainRoutes<{ uet: UetService }> = (route, { uet: service }) => {
  route(uet.uetUpsertStartCalculateTime, (ctx, input) => service.upsertStart(ctx, input));
  route(uet.uetGetStartCalculateTime, (ctx, input) => service.getStart(ctx, input));
  route(uet.testToolStatistics, (ctx) => service.statistics(ctx));
};
