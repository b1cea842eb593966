import { bsa } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';

export const bsaRoutes: DomainRoutes = (route, { bsa: service }) => {
  route(bsa.bsaList, (ctx, input) => service.list(ctx, input));
  route(bsa.bsaDetail, (ctx, input) => service.detail(ctx, input));
  route(bsa.bsaCostInfo, (ctx, input) => service.costInfo(ctx, input));
  route(bsa.bsaUpsetCostInfo, (ctx, input) => service.upsertCostInfo(ctx, input));
  route(bsa.bsaDataPrices, (ctx, input) => service.prices(ctx, input));
};
