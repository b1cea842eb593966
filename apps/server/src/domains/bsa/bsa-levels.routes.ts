import { bsa } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { BsaBuildService } from './bsa-build.service.js';
import type { BsaLevelsService } from './bsa-levels.service.js';
import type { BsaTemplatesService } from './bsa-templates.service.js';

/** The calls of contracts/src/bsa/levels.ts (docs/bsa.md, "Levels, data and display"). */
export const bsaLevelsRoutes: DomainRoutes<{
  bsaLevels: BsaLevelsService;
  bsaBuild: BsaBuildService;
  bsaTemplates: BsaTemplatesService;
}> = (route, { bsaLevels: levels, bsaBuild: build, bsaTemplates: templates }) => {
  // other names of existing calls
  route(bsa.bsaRack, (ctx, input) => build.racks(ctx, input));
  route(bsa.bsaPack, (ctx, input) => build.packs(ctx, input));
  route(bsa.neoBsaGetDeviceTemplate, (ctx, input) => templates.deviceTemplates(ctx, input));
  route(bsa.neoBsaCreateDeviceTemplate, (ctx, input) => templates.createDeviceTemplate(ctx, input));
  route(bsa.neoBsaBindStack, (ctx, input) => build.bindStackPcs(ctx, input));
  route(bsa.neoBsaBindPcs, (ctx, input) => build.bindPcs(ctx, input));
  route(bsa.neoBsaPointStackList, (ctx, input) => build.stacks(ctx, input));
  route(bsa.neoBsaPointPreview, (ctx, input) => build.preview(ctx, input));
  // the station
  route(bsa.bsaUpdate, (ctx, input) => levels.update(ctx, input));
  route(bsa.bsaMeterDevice, (ctx, input) => levels.meterDevices(ctx, input));
  route(bsa.bsaMeterBindingPcs, (ctx, input) => levels.meterBindingPcs(ctx, input));
  route(bsa.bsaMasterSlave, (ctx, input) => levels.masterSlave(ctx, input));
  route(bsa.bsaMasterSlaveGet, (ctx, input) => levels.masterSlaveGet(ctx, input));
  route(bsa.bsaListByUet, (ctx, input) => levels.listByUet(ctx, input));
  // its data
  route(bsa.bsaDataQuarter, (ctx, input) => levels.quarter(ctx, input));
  route(bsa.bsaData, (ctx, input) => levels.days(ctx, input));
  route(bsa.bsaBsa, (ctx, input) => levels.now(ctx, input));
  // one level at a time
  route(bsa.neoBsaCreateRack, (ctx, input) => levels.createRacks(ctx, input));
  route(bsa.neoBsaCreatePack, (ctx, input) => levels.createPacks(ctx, input));
  route(bsa.neoBsaCreateCell, (ctx, input) => levels.createCells(ctx, input));
  // data points
  route(bsa.neoBsaVersionPoints, (ctx, input) => levels.versionPoints(ctx, input));
  route(bsa.neoBsaPointListRack, (ctx, input) => levels.levelPoints(ctx, input.bsaId, 'rack'));
  route(bsa.neoBsaPointListPack, (ctx, input) => levels.levelPoints(ctx, input.bsaId, 'pack'));
  route(bsa.neoBsaPointListCell, (ctx, input) => levels.levelPoints(ctx, input.bsaId, 'cell'));
  route(bsa.neoBsaPointGetConfig, (ctx, input) => levels.getConfig(ctx, input));
  route(bsa.neoBsaPointConfTemplate, (ctx, input) => levels.confTemplate(ctx, input));
  route(bsa.neoBsaPointConfig, (ctx, input) => levels.saveConfig(ctx, input));
  route(bsa.neoBsaPointAllDataProperty, (ctx, input) => levels.allDisplay(ctx, input));
};
