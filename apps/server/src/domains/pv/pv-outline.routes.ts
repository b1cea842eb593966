import { pv } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { PvOutlineDevicesService } from './pv-outline-devices.service.js';
import { exportAreaStrings } from './pv-outline-excel.js';
import type { PvOutlineService } from './pv-outline.service.js';

/** The PV outline (pv-outline/*) and the home page's PV card (docs/pv-analytics.md, "Outline"). */
export const pvOutlineRoutes: DomainRoutes<{ pvOutline: PvOutlineService; pvOutlineDevices: PvOutlineDevicesService }> = (
  route,
  { pvOutline: outline, pvOutlineDevices: devices },
) => {
  route(pv.pvOutlineSummary, (ctx, input) => outline.summary(ctx, input));
  route(pv.pvOutlinePower, (ctx, input) => outline.power(ctx, input));
  route(pv.pvOutlineDataStatistics, (ctx, input) => outline.dataStatistics(ctx, input));
  route(pv.pvOutlinePerformance, (ctx, input) => outline.performance(ctx, input));
  route(pv.pvOutlineIndicators, (ctx, input) => outline.indicators(ctx, input));
  route(pv.pvOutlineDeviceTree, (ctx, input) => devices.tree(ctx, input));
  route(pv.pvOutlineRecent, (ctx, input) => devices.recent(ctx, input));
  route(pv.pvOutlineAttention, (ctx, input) => devices.attention(ctx, input));
  route(pv.pvOutlineAreaStrings, (ctx, input) => devices.areaStrings(ctx, input, input));
  route(pv.pvOutlineAreaStringsExport, (ctx, input, http) => exportAreaStrings(devices, ctx, input, http));
  route(pv.pvOutlineAlarmDevices, (ctx, input) => devices.alarmDevices(ctx, input));
  route(pv.pvOutlineAlarmPage, (ctx, input) => devices.alarmPage(ctx, input));
  route(pv.pvOutlineAlarmCount, (ctx, input) => devices.alarmCount(ctx, input));
  route(pv.dashboardPv, (ctx) => outline.dashboard(ctx));
};
