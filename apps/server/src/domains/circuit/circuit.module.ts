import type { JobsService } from '../jobs/jobs.service.js';
import { domainModule } from '../types.js';
import { circuitEnergyRoutes } from './circuit-energy.routes.js';
import { circuitRoutes } from './circuit.routes.js';
import { circuitStatisticsRoutes } from './circuit-statistics.routes.js';
import { CircuitAnalysisService } from './circuit-analysis.service.js';
import { CircuitCostService } from './circuit-cost.service.js';
import { CircuitEnergyConfigService } from './circuit-energy-config.service.js';
import { CircuitRerunService } from './circuit-rerun.service.js';
import { CircuitStatisticsService } from './circuit-statistics.service.js';
import { CircuitService } from './circuit.service.js';
import { PricesService } from './prices.service.js';

/** Distribution circuits, electricity accounts with time-of-use prices, energy configs, cost and statistics. */
export const circuitModule = domainModule({
  services: ({ jobs }: { jobs: JobsService }) => {
    const prices = new PricesService();
    const circuits = new CircuitService(prices);
    return {
      prices,
      circuits,
      circuitCosts: new CircuitCostService(circuits, prices),
      circuitStatistics: new CircuitStatisticsService(circuits, prices),
      circuitAnalysis: new CircuitAnalysisService(circuits, prices),
      circuitEnergyConfigs: new CircuitEnergyConfigService(circuits, jobs),
      circuitReruns: new CircuitRerunService(circuits, jobs),
    };
  },
  routes: (route, services) => {
    circuitRoutes(route, services);
    circuitStatisticsRoutes(route, services);
    circuitEnergyRoutes(route, services);
  },
});
