import { ou } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';

export const ouRoutes: DomainRoutes = (route, { ou: service }) => {
  route(ou.ouTypeList, (ctx) => service.types(ctx));
  route(ou.ouList, (ctx, input) => service.list(ctx, input));
  route(ou.ouListWithTenant, (ctx, input) => service.listWithTenant(ctx, input));
  route(ou.ouListByMcid, (ctx, input) => service.listByCustomer(ctx, input));
  route(ou.locationDistrict, (ctx, input) => service.districts(ctx, input));
  route(ou.locationInputTips, (ctx, input) => service.inputTips(ctx, input));
};
