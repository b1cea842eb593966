import { circuit as c } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { CircuitEnergyConfigService } from './circuit-energy-config.service.js';
import type { CircuitRerunService } from './circuit-rerun.service.js';
import type { CircuitService } from './circuit.service.js';

/** Energy configs, their imports, the statistics rerun, and the v1 update: `/api/circuit/` and `/api/v2/circuit/` forms share the services. */
export const circuitEnergyRoutes: DomainRoutes<{
  circuits: CircuitService;
  circuitEnergyConfigs: CircuitEnergyConfigService;
  circuitReruns: CircuitRerunService;
}> = (route, { circuits, circuitEnergyConfigs: configs, circuitReruns: reruns }) => {
  route(c.energyConfigBase, (ctx, input) => configs.base(ctx, input ?? {}));
  route(c.energyConfigDetail, (ctx, input) => configs.detail(ctx, input.circuitId));
  route(c.energyConfigGet, (ctx, input) => configs.detail(ctx, input.id));
  route(c.energyConfigSave, (ctx, { id, ...input }) => configs.save(ctx, id, input));
  route(c.energyImportRecordPage, (ctx, input) => configs.importRecords(ctx, input));
  route(c.energyImportRecordPageGet, (ctx, input) => configs.importRecords(ctx, { pageOffset: input.page, pageSize: input.size }));
  route(c.energyConfigImport, (ctx, _input, http) => configs.import(ctx, http.req));
  route(c.energyConfigImportV1, (ctx, _input, http) => configs.import(ctx, http.req));
  route(c.energyConfigTemplate, (ctx, input, http) => configs.template(ctx, input, http));
  route(c.energyConfigTemplateV1, (ctx, input, http) => configs.template(ctx, input, http));
  route(c.electricityRerun, (ctx, input) => reruns.rerun(ctx, input));
  route(c.electricityRerunV1, (ctx, input) => reruns.rerun(ctx, input));
  route(c.insertTestData, () => reruns.testData());
  route(c.circuitUpdatePut, (ctx, input) => circuits.update(ctx, input));
};
