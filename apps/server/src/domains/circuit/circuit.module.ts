import { domainModule } from '../types.js';
import { circuitRoutes } from './circuit.routes.js';
import { CircuitCostService } from './circuit-cost.service.js';
import { CircuitService } from './circuit.service.js';
import { PricesService } from './prices.service.js';

/** Distribution circuits, electricity accounts with time-of-use prices, and energy cost. */
export const circuitModule = domainModule({
  services: (_: object) => {
    const prices = new PricesService();
    const circuits = new CircuitService(prices);
    return { prices, circuits, circuitCosts: new CircuitCostService(circuits, prices) };
  },
  routes: circuitRoutes,
});
