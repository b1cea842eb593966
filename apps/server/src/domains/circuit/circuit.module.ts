import { domainModule } from '../types.js';
import { circuitRoutes } from './circuit.routes.js';
import { circuitStatisticsRoutes } from './circuit-statistics.routes.js';
import { CircuitAnalysisService } from './circuit-analysis.service.js';
import { CircuitCostService } from './circuit-cost.service.js';
import { CircuitStatisticsService } from './circuit-statistics.service.js';
import { CircuitService } from './circuit.service.js';
import { PricesService } from './prices.service.js';

/** Distribution circuits, electricity accounts with time-of-use prices, energy cost and statistics. */
export const circuitModule = domainModule({
  services: (_: object) => {
    const prices = new PricesService();
    const circuits = new CircuitService(prices);
    return {
      prices,
      circuits,
      circuitCosts: new CircuitCostService(circuits, prices),
      circuitStatistics: new CircuitStatisticsService(circuits, prices),
      circuitAnalysis: new CircuitAnalysisService(circuits, prices),
    };
  },
  routes: (route, services) => {
    circuitRoutes(route, services);
    circuitStatisticsRoutes(route, services);
  },
});
