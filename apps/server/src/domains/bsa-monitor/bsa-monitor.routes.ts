import { bsaMonitor as c } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { BsaMonitorBatteryService } from './bsa-monitor-battery.service.js';
import { exportHistory } from './bsa-monitor-excel.js';
import type { BsaMonitorStatisticsService } from './bsa-monitor-statistics.service.js';
import type { BsaMonitorService } from './bsa-monitor.service.js';

/** The monitoring calls (docs/bsa.md "Monitoring (issue 22)"): variants of one figure share one service function. */
export const bsaMonitorRoutes: DomainRoutes<{
  bsaMonitor: BsaMonitorService;
  bsaMonitorBattery: BsaMonitorBatteryService;
  bsaMonitorStatistics: BsaMonitorStatisticsService;
}> = (route, { bsaMonitor: monitor, bsaMonitorBattery: battery, bsaMonitorStatistics: statistics }) => {
  // the stations the staff sees
  route(c.tenantCustomerTree, (ctx) => monitor.tree(ctx));
  route(c.bsaDataTenantCustomerTree, (ctx) => monitor.tree(ctx));
  route(c.bsaDataList, (ctx, input) => monitor.list(ctx, input));
  route(c.bsaDataNeoList, (ctx, input) => monitor.list(ctx, input));
  route(c.bsaStatics, (ctx, input) => statistics.statics(ctx, input));
  route(c.bsaStaticsGis, (ctx) => statistics.gis(ctx));
  // a station now
  route(c.neoBsaRealTimeData, (ctx, input) => monitor.realtime(ctx, input));
  route(c.neoBsaRunningData, (ctx, input) => monitor.realtime(ctx, input));
  route(c.neoBsaBsaDataApp, (ctx, input) => monitor.realtime(ctx, input));
  route(c.bsaDataRealTimeData, (ctx, input) => monitor.realtime(ctx, input));
  route(c.bsaDataRunningData, (ctx, input) => monitor.realtime(ctx, input));
  route(c.neoBsaGetPcsData, (ctx, input) => monitor.pcsData(ctx, input));
  route(c.neoBsaEms, (ctx, input) => monitor.ems(ctx, input));
  route(c.overviewNeoBsaEms, (ctx, input) => monitor.ems(ctx, input));
  route(c.overviewBsaEms, (ctx, input) => monitor.ems(ctx, input));
  // its day and history
  route(c.neoBsaOperatingCurve, (ctx, input) => monitor.curve(ctx, input));
  route(c.bsaOperatingCurve, (ctx, input) => monitor.curve(ctx, input));
  route(c.bsaOperatingCurveOldNeo, (ctx, input) => monitor.curve(ctx, input));
  route(c.neoBsaHistoryDataApp, (ctx, input) => monitor.history(ctx, input));
  route(c.bsaDataData, (ctx, input) => monitor.history(ctx, input));
  route(c.bsaDataDataApp, (ctx, input) => monitor.history(ctx, input));
  route(c.bsaDataDataTmp, (ctx, input) => monitor.history(ctx, input));
  route(c.bsaDataExport, (ctx, input, http) => exportHistory(monitor, ctx, input, http));
  // its battery
  route(c.neoBsaGetBmsTab, (ctx, input) => battery.bmsTab(ctx, input));
  route(c.bsaDataGetBmsTab, (ctx, input) => battery.bmsTab(ctx, input));
  route(c.neoBsaGetBmsData, (ctx, input) => battery.bmsData(ctx, input));
  route(c.bsaEnvironmentalDetection, (ctx, input) => battery.environment(ctx, input));
  route(c.neoBsaEnvironmentalDetection, (ctx, input) => battery.environment(ctx, input));
  route(c.batteryInfo, (ctx, input) => battery.batteryInfo(ctx, input));
  route(c.batteryInfoCurve, (ctx, input) => battery.batteryInfoCurve(ctx, input));
  route(c.bsaConstruction, (ctx, input) => battery.construction(ctx, input));
  // which points are shown where: issue 21's display config
  route(c.neoBsaGetDataPropertyConfig, (ctx, input) => monitor.displayConfig(ctx, input));
  route(c.bsaDataGetDataPropertyConfig, (ctx, input) => monitor.displayConfig(ctx, input));
  route(c.neoBsaGetAllDataPropertyConfig, (ctx, input) => monitor.allDisplayConfig(ctx, input));
  route(c.bsaDataGetAllDataPropertyConfig, (ctx, input) => monitor.allDisplayConfig(ctx, input));
  route(c.neoBsaDataPropertyConfig, (ctx, input) => monitor.saveDisplayConfig(ctx, input));
  route(c.bsaDataDataPropertyConfig, (ctx, input) => monitor.saveDisplayConfig(ctx, input));
};
