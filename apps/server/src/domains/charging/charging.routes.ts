import { charging } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import { sendSessionExport } from './charging-excel.js';
import type { ChargingService } from './charging.service.js';

export const chargingRoutes: DomainRoutes<{ charging: ChargingService }> = (route, { charging: service }) => {
  route(charging.stationPage, (ctx, input) => service.stationPage(ctx, input));
  route(charging.stationList, (ctx, input) => service.stationList(ctx, input));
  route(charging.stationDetail, (ctx, input) => service.station(ctx, input.id));
  route(charging.stationCreate, (ctx, input) => service.stationCreate(ctx, input));
  route(charging.stationEdit, (ctx, input) => service.stationEdit(ctx, input));
  route(charging.stationDelete, (ctx, input) => service.stationDelete(ctx, input));
  route(charging.stationStatusChange, (ctx, input) => service.stationStatus(ctx, input));
  route(charging.pileCreate, (ctx, input) => service.pileCreate(ctx, input));
  route(charging.pileEdit, (ctx, input) => service.pileEdit(ctx, input));
  route(charging.pileDelete, (ctx, input) => service.pileDelete(ctx, input));
  route(charging.pileDetail, (ctx, input) => service.pile(ctx, input.id));
  route(charging.pileCredentialsIssue, (ctx, input) => service.issueCredentials(ctx, input));
  route(charging.pilePage, (ctx, input) => service.pilePage(ctx, input));
  route(charging.gunPage, (ctx, input) => service.gunPage(ctx, input));
  route(charging.gunEdit, (ctx, input) => service.gunEdit(ctx, input));
  route(charging.costInfoGet, (ctx, input) => service.costInfo(ctx, input));
  route(charging.costInfoEdit, (ctx, input) => service.costEdit(ctx, input));
  route(charging.sessionPage, (ctx, input) => service.sessionPage(ctx, input));
  route(charging.sessionExport, (ctx, input, http) => sendSessionExport(ctx, http, service, input));
  route(charging.dailyStatistics, (ctx, input) => service.daily(ctx, input));
  route(charging.pileCommand, (ctx, input) => service.command(ctx, input));
  route(charging.dashboardCharging, (ctx) => service.dashboard(ctx));
};
