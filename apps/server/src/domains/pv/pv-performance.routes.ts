import { pv } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import { exportPerformance } from './pv-performance-excel.js';
import type { PvPerformanceConfigService } from './pv-performance-config.service.js';
import type { PvPerformanceService } from './pv-performance.service.js';

export const pvPerformanceRoutes: DomainRoutes<{ pvPerformance: PvPerformanceService; pvPerformanceConfig: PvPerformanceConfigService }> = (
  route,
  { pvPerformance: performance, pvPerformanceConfig: config },
) => {
  route(pv.performanceOutlinePage, (ctx, input) => performance.outlinePage(ctx, input));
  route(pv.performanceConfigSetUp, (ctx, input) => config.setUp(ctx, input));
  route(pv.performanceConfigPage, (ctx, input) => config.page(ctx, input));
  route(pv.performanceConfigInfo, (ctx, input) => config.info(ctx, input));
  route(pv.performancePowerContrast, (ctx, input) => performance.powerContrast(ctx, input));
  route(pv.performancePower, (ctx, input) => performance.power(ctx, input));
  route(pv.performanceLossAnalysis, (ctx, input) => performance.lossAnalysis(ctx, input));
  route(pv.performanceInverterExpression, (ctx, input) => performance.inverterExpression(ctx, input));
  route(pv.performanceIndex, (ctx, input) => performance.index(ctx, input));
  route(pv.performanceExport, (ctx, input, http) => exportPerformance(performance, ctx, input, http));
};
