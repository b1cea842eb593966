import { energyConservation as c } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { EnergyConservationService } from './energy-conservation.service.js';
import type { EnergySavingsService } from './energy-savings.service.js';

export const energyConservationRoutes: DomainRoutes<{
  energyConservation: EnergyConservationService;
  energySavings: EnergySavingsService;
}> = (route, { energyConservation: configs, energySavings: savings }) => {
  route(c.circuitList, (ctx, input) => configs.circuitList(ctx, input));
  route(c.configPage, (ctx, input) => configs.page(ctx, input));
  route(c.configList, (ctx, input) => configs.list(ctx, input));
  route(c.configInfo, (ctx, input) => savings.info(ctx, input));
  route(c.configEdit, (ctx, input) => configs.edit(ctx, input));
  route(c.configDelete, (ctx, input) => configs.delete(ctx, input.id));
  route(c.logPage, (ctx, input) => configs.logPage(ctx, input));
  route(c.logDetail, (ctx, input) => configs.logDetail(ctx, input.id));
  route(c.driverAdd, (ctx, input) => configs.addDriver(ctx, input));
  route(c.driverPage, (ctx, input) => configs.driverPage(ctx, input));
  route(c.driverDelete, (ctx, input) => configs.deleteDriver(ctx, input.id));

  route(c.savingQuantity, (ctx, input) => savings.quantity(ctx, input));
  route(c.savingPie, (ctx, input) => savings.savingPie(ctx, input));
  route(c.costSavingPie, (ctx, input) => savings.costPie(ctx, input));
  route(c.savingComparison, (ctx, input) => savings.comparison(ctx, input));
  route(c.averageRate, (ctx, input) => savings.averageRate(ctx, input));
  route(c.savingExport, (ctx, input, http) => savings.export(ctx, input, http));
};
