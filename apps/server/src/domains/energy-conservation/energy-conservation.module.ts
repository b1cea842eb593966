import type { CircuitStatisticsService } from '../circuit/circuit-statistics.service.js';
import type { CircuitService } from '../circuit/circuit.service.js';
import { domainModule } from '../types.js';
import { energyConservationRoutes } from './energy-conservation.routes.js';
import { EnergyConservationService } from './energy-conservation.service.js';
import { EnergySavingsService } from './energy-savings.service.js';

/** Energy conservation (docs/energy-conservation.md): baseline configurations, driver values, savings. */
export const energyConservationModule = domainModule({
  services: ({ circuits, circuitStatistics }: { circuits: CircuitService; circuitStatistics: CircuitStatisticsService }) => {
    const energyConservation = new EnergyConservationService(circuits);
    return { energyConservation, energySavings: new EnergySavingsService(energyConservation, circuitStatistics) };
  },
  routes: energyConservationRoutes,
});
