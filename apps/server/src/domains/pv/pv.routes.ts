import { pv } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { PvSettingsService } from './pv-settings.service.js';
import { exportPvStations } from './pv-station-excel.js';
import type { PvStationsService } from './pv-stations.service.js';

export const pvRoutes: DomainRoutes<{ pvStations: PvStationsService; pvSettings: PvSettingsService }> = (
  route,
  { pvStations: stations, pvSettings: settings },
) => {
  route(pv.pvStationPage, (ctx, input) => stations.page(ctx, input));
  route(pv.pvStationExport, (ctx, input, http) => exportPvStations(stations, ctx, input, http));
  route(pv.pvStationDetail, (ctx, input) => stations.detail(ctx, input));
  route(pv.pvStationBasicInfo, (ctx, input) => stations.basicInfo(ctx, input));
  route(pv.pvModifyStage, (ctx, input) => stations.modifyStage(ctx, input));
  route(pv.pvUpdateStatus, (ctx, input) => stations.updateStatus(ctx, input));
  route(pv.candidateWeatherStations, (ctx, input) => stations.candidateWeatherStations(ctx, input));
  route(pv.pvList, (ctx) => stations.pvList(ctx));
  route(pv.pvTree, (ctx) => stations.pvTree(ctx));
  route(pv.pvAreaList, (ctx, input) => settings.areas(ctx, input));
  route(pv.pvAreaAdd, (ctx, input) => settings.addArea(ctx, input));
  route(pv.pvAreaUpdate, (ctx, input) => settings.updateArea(ctx, input));
  route(pv.pvAreaDelete, (ctx, input) => settings.deleteArea(ctx, input));
  route(pv.gridConnectionPointList, (ctx, input) => settings.gridPoints(ctx, input));
  route(pv.gridConnectionPoints, (ctx, input) => settings.saveGridPoints(ctx, input));
  route(pv.pvGetCostInfo, (ctx, input) => settings.costInfo(ctx, input));
  route(pv.pvUpsertCostInfo, (ctx, input) => settings.upsertCostInfo(ctx, input));
  route(pv.pvOnlineWayLog, (ctx, input) => settings.onlineLog(ctx, input));
  route(pv.pvUpsetOnlineWay, (ctx, input) => settings.upsetOnlineWay(ctx, input));
  route(pv.pvIncomeWayLog, (ctx, input) => settings.incomeLog(ctx, input));
  route(pv.pvUpsetIncomeWay, (ctx, input) => settings.upsetIncomeWay(ctx, input));
};
