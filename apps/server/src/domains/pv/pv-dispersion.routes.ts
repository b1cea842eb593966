import { pv } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import { exportDispersion } from './pv-dispersion-excel.js';
import type { PvDispersionService } from './pv-dispersion.service.js';

/** The pv-dispersion-rate calls (docs/pv-analytics.md, "Dispersion"). */
export const pvDispersionRoutes: DomainRoutes<{ pvDispersion: PvDispersionService }> = (route, { pvDispersion: d }) => {
  route(pv.dispersionThresholdSetUp, (ctx, input) => d.thresholdSetUp(ctx, input));
  route(pv.dispersionThresholdPage, (ctx, input) => d.thresholdPage(ctx, input));
  route(pv.dispersionThresholdInfo, (ctx, input) => d.thresholdInfo(ctx, input));
  route(pv.dispersionPvWithArea, (ctx) => d.pvWithArea(ctx));
  route(pv.dispersionPvDevicePage, (ctx, input) => d.devicePage(ctx, input));
  route(pv.dispersionPvDeviceExport, (ctx, input, http) => exportDispersion(d, ctx, input, http));
  route(pv.dispersionPvDeviceList, (ctx, input) => d.deviceList(ctx, input));
  route(pv.dispersionGetAnalysisConfig, (ctx, input) => d.analysisConfig(ctx, input));
  route(pv.dispersionExcludeDevicePage, (ctx, input) => d.excludedPage(ctx, input));
  route(pv.dispersionAnalyzeConfigPage, (ctx, input) => d.configPage(ctx, input));
  route(pv.dispersionAnalysisSetUp, (ctx, input) => d.analysisSetUp(ctx, input));
};
