import { circuit as c } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { CircuitCostService } from './circuit-cost.service.js';
import type { CircuitService } from './circuit.service.js';
import type { PricesService } from './prices.service.js';

/** The `/api/circuit/` GET forms and the `/api/v2/circuit/` POST forms call the same service methods. */
export const circuitRoutes: DomainRoutes<{ circuits: CircuitService; circuitCosts: CircuitCostService; prices: PricesService }> = (
  route,
  { circuits, circuitCosts: costs, prices },
) => {
  route(c.accountList, (ctx, input) => prices.list(ctx, input));
  route(c.accountSave, (ctx, input) => prices.save(ctx, input));
  route(c.priceSave, (ctx, input) => prices.savePrice(ctx, input));
  route(c.priceDelete, (ctx, input) => prices.deletePrice(ctx, input));
  route(c.eprices, (ctx, input) => costs.eprices(ctx, input));
  route(c.epricesGet, (ctx, input) => costs.eprices(ctx, input));
  route(c.epricesNoOu, (ctx, input) => costs.eprices(ctx, input, false));
  route(c.epricesNoOuGet, (ctx, input) => costs.eprices(ctx, input, false));
  route(c.circuitEprices, (ctx, input) => costs.eprices(ctx, input));
  route(c.circuitEpricesGet, (ctx, input) => costs.eprices(ctx, input));
  route(c.eprice, (ctx, input) => costs.eprice(ctx, input));
  route(c.epriceGet, (ctx, input) => costs.eprice(ctx, input));
  route(c.circuitEprice, (ctx, input) => costs.eprice(ctx, input));
  route(c.circuitEpriceGet, (ctx, input) => costs.eprice(ctx, input));

  route(c.cabinetList, (ctx, input) => circuits.cabinets(ctx, input));
  route(c.cabinetSave, (ctx, input) => circuits.saveCabinet(ctx, input));
  route(c.circuitPage, (ctx, input) => circuits.page(ctx, input));
  route(c.circuitPageGet, (ctx, input) => circuits.page(ctx, { ...input, pageOffset: input.page, pageSize: input.size }));
  route(c.circuitList, (ctx, input) => circuits.list(ctx, input));
  route(c.circuitListGet, (ctx, input) => circuits.list(ctx, input));
  route(c.circuitDetail, (ctx, input) => circuits.detail(ctx, input.id));
  route(c.circuitDetailGet, (ctx, input) => circuits.detail(ctx, input.id));
  route(c.circuitCreate, (ctx, input) => circuits.create(ctx, input));
  route(c.circuitUpdate, (ctx, input) => circuits.update(ctx, input));
  route(c.circuitExport, (ctx, input, http) => circuits.export(ctx, input, http));
  route(c.circuitDelete, (ctx, input) => circuits.delete(ctx, input));
  route(c.circuitTree, (ctx, input) => circuits.tree(ctx, input));
  route(c.circuitTreeGet, (ctx, input) => circuits.tree(ctx, input));
  route(c.circuitTree2, (ctx) => circuits.tree2(ctx));
  route(c.circuitTree2Get, (ctx) => circuits.tree2(ctx));
  route(c.circuitTree3, (ctx, input) => circuits.tree3(ctx, input));
  route(c.circuitTree3Get, (ctx, input) => circuits.tree3(ctx, input));
  route(c.circuitTree4, (ctx) => circuits.tree4(ctx));
  route(c.circuitTree4Get, (ctx) => circuits.tree4(ctx));
  route(c.circuitDevices, (ctx, input) => circuits.meters(ctx, input.circuitId));
  route(c.circuitDevicesGet, (ctx, input) => circuits.meters(ctx, input.circuitId));
  route(c.deviceListByCircuitId, (ctx, input) => circuits.meters(ctx, input.circuitId));

  route(c.costSumCall, (ctx, input) => costs.costSum(ctx, input));
  route(c.costSumGet, (ctx, input) => costs.costSum(ctx, input));
  route(c.costListCall, (ctx, input) => costs.costList(ctx, input));
  route(c.costListGet, (ctx, input) => costs.costList(ctx, input));
  route(c.peakValleyDetail, (ctx, input) => costs.costList(ctx, input));
  route(c.costExport, (ctx, input, http) => costs.costExport(ctx, input, http));
  route(c.peakValleyConfig, (ctx, input) => costs.peakValleyConfig(ctx, input));
};
