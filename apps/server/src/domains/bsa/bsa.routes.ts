import { bsa, customer } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { BsaBuildService } from './bsa-build.service.js';
import type { BsaConfigService } from './bsa-config.service.js';
import type { BsaTemplatesService } from './bsa-templates.service.js';
import { exportStations } from './bsa-excel.js';
import type { BsaLifecycleService } from './bsa-lifecycle.service.js';
import type { BsaService } from './bsa.service.js';

export const bsaRoutes: DomainRoutes<{
  bsa: BsaService;
  bsaLifecycle: BsaLifecycleService;
  bsaTemplates: BsaTemplatesService;
  bsaBuild: BsaBuildService;
  bsaConfig: BsaConfigService;
}> = (route, { bsa: service, bsaLifecycle: lifecycle, bsaTemplates: templates, bsaBuild: build, bsaConfig: config }) => {
  route(bsa.bsaList, (ctx, input) => service.list(ctx, input));
  route(customer.channelBsaList, (ctx, input) => service.channelList(ctx, input));
  route(bsa.bsaDetail, (ctx, input) => service.detail(ctx, input));
  route(bsa.bsaCostInfo, (ctx, input) => service.costInfo(ctx, input));
  route(bsa.bsaUpsetCostInfo, (ctx, input) => service.upsertCostInfo(ctx, input));
  route(bsa.bsaDataPrices, (ctx, input) => service.prices(ctx, input));
  // lifecycle
  route(bsa.bsaDraft, (ctx, input) => lifecycle.draft(ctx, input));
  route(bsa.bsaGetDraft, (ctx, input) => lifecycle.getDraft(ctx, input));
  route(bsa.bsaFinish, (ctx, input) => lifecycle.finish(ctx, input));
  route(bsa.bsaInsert, (ctx, input) => lifecycle.insert(ctx, input));
  route(bsa.bsaFsm, (ctx, input) => lifecycle.fsm(ctx, input));
  route(bsa.bsaUpdateStatus, (ctx, input) => lifecycle.updateStatus(ctx, input));
  route(bsa.bsaListSimple, (ctx, input) => lifecycle.listSimple(ctx, input));
  route(bsa.bsaListWithOu, (ctx, input) => lifecycle.listWithOu(ctx, input));
  route(bsa.bsaExport, (ctx, input, http) => exportStations(service, ctx, input, http));
  // hierarchy and bindings
  route(bsa.bsaStack, (ctx, input) => build.saveStack(ctx, input));
  route(bsa.bsaStackList, (ctx, input) => build.stacks(ctx, input));
  route(bsa.neoBsaListStack, (ctx, input) => build.stacks(ctx, input));
  route(bsa.bsaStackBindingPcs, (ctx, input) => build.bindStackPcs(ctx, input));
  route(bsa.bsaPcsBindingList, (ctx, input) => build.pcsBindings(ctx, input));
  route(bsa.bsaPcsBindingBsa, (ctx, input) => build.bindPcs(ctx, input));
  route(bsa.bsaPcsBindingMeter, (ctx, input) => build.bindPcsMeter(ctx, input));
  route(bsa.neoBsaDelPcs, (ctx, input) => build.deletePcs(ctx, input));
  route(bsa.neoBsaListRack, (ctx, input) => build.racks(ctx, input));
  route(bsa.neoBsaListPack, (ctx, input) => build.packs(ctx, input));
  route(bsa.neoBsaListCell, (ctx, input) => build.cells(ctx, input));
  route(bsa.bsaBatteryTree, (ctx, input) => build.tree(ctx, input));
  route(bsa.bsaConfigGet, (ctx, input) => build.pointTable(ctx, input));
  // configuration to the edge
  route(bsa.bsaConfigMirrorGenerate, (ctx, input) => config.generate(ctx, input));
  route(bsa.bsaConfigAdd, (ctx, input) => config.generate(ctx, input));
  route(bsa.bsaConfigMirrorGenerateLog, (ctx, input) => config.generateLog(ctx, input));
  route(bsa.bsaConfigPublish, (ctx, input) => config.publish(ctx, input));
  route(bsa.bsaConfigPublishHistory, (ctx, input) => config.history(ctx, input));
  route(bsa.bsaConfigRules, (ctx, input) => config.rules(ctx, input));
  route(bsa.bsaConfigDevice, (ctx, input) => config.device(ctx, input));
  route(bsa.bsaConfigDataPropertyType, () => Promise.resolve(bsa.levelRequiredPoints()));
  route(bsa.bsaConfigDataPropertyDevice, (ctx, input) => config.levelPoints(ctx, input));
  route(bsa.bsaBatteryChipData, async (ctx, input) => config.chips(ctx, await build.cells(ctx, input)));
  // the spec's other names of the same calls
  for (const e of [bsa.bsaStackBindingList, bsa.neoBsaListStackShort]) route(e, (ctx, input) => build.stacks(ctx, input));
  for (const e of [bsa.bsaPcsList, bsa.neoBsaListPcs, bsa.neoBsaListPcsShort]) route(e, (ctx, input) => build.pcsBindings(ctx, input));
  route(bsa.bsaRackBindingList, (ctx, input) => build.racks(ctx, input));
  route(bsa.bsaPackBindingList, (ctx, input) => build.packs(ctx, input));
  for (const e of [bsa.bsaCellBindingList, bsa.bsaCell]) route(e, (ctx, input) => build.cells(ctx, input));
  route(bsa.bsaDataCostInfo, (ctx, input) => service.costInfo(ctx, input));
  route(bsa.bsaFcsListByBsa, async (ctx, input) => {
    const station = await service.detail(ctx, { id: input.bsaId });
    return station.fcs ? [station.fcs] : [];
  });
  // templates
  route(bsa.neoBsaPointTemplateInsert, (ctx, input) => templates.insertPointTemplate(ctx, input));
  route(bsa.neoBsaPointCreate, (ctx, input) => templates.newPointVersion(ctx, input));
  route(bsa.neoBsaPointTemplateAll, (ctx, input) => templates.pointTemplates(ctx, input));
  route(bsa.neoBsaPointVersionList, (ctx, input) => templates.pointVersions(ctx, input));
  route(bsa.edgeBsaTemplateCreate, (ctx, input) => templates.createDeviceTemplate(ctx, input));
  route(bsa.deviceBsaTemplateList, (ctx, input) => templates.deviceTemplates(ctx, input));
  route(bsa.edgeBsaPreview, (ctx, input) => build.preview(ctx, input));
  route(bsa.edgeBsaTemplateApply, (ctx, input) => build.apply(ctx, input));
  route(bsa.neoBsaCreateStatus, (ctx, input) => build.createStatus(ctx, input));
  route(bsa.edgeBsaRackStatusCheck, (ctx, input) => build.statusCheck(ctx, input, 'rack'));
  route(bsa.edgeBsaPackStatusCheck, (ctx, input) => build.statusCheck(ctx, input, 'pack'));
  route(bsa.edgeBsaCellStatusCheck, (ctx, input) => build.statusCheck(ctx, input, 'cell'));
};
