import { bsa, customer } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { BsaService } from './bsa.service.js';

export const bsaRoutes: DomainRoutes<{ bsa: BsaService }> = (route, { bsa: service }) => {
  route(bsa.bsaList, (ctx, input) => service.list(ctx, input));
  route(customer.channelBsaList, (ctx, input) => service.channelList(ctx, input));
  route(bsa.bsaDetail, (ctx, input) => service.detail(ctx, input));
  route(bsa.bsaCostInfo, (ctx, input) => service.costInfo(ctx, input));
  route(bsa.bsaUpsetCostInfo, (ctx, input) => service.upsertCostInfo(ctx, input));
  route(bsa.bsaDataPrices, (ctx, input) => service.prices(ctx, input));
};
