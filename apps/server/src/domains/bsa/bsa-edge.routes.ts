import { bsa } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { BsaBuildService } from './bsa-build.service.js';
import type { BsaEdgeConfigService } from './bsa-edge-config.service.js';
import type { BsaEdgeService } from './bsa-edge.service.js';
import type { BsaTemplatesService } from './bsa-templates.service.js';

/** The edge calls of building a station and their other names (docs/bsa.md, "Edge calls"). */
export const bsaEdgeRoutes: DomainRoutes<{
  bsaEdge: BsaEdgeService;
  bsaEdgeConfig: BsaEdgeConfigService;
  bsaBuild: BsaBuildService;
  bsaTemplates: BsaTemplatesService;
}> = (route, { bsaEdge: edge, bsaEdgeConfig: config, bsaBuild: build, bsaTemplates: templates }) => {
  // what each level was created from (and the device/bsa names)
  for (const e of [bsa.edgeBsaRackTemplateCreated, bsa.deviceBsaRackCreated]) route(e, (ctx, input) => edge.created(ctx, input, 'rack'));
  for (const e of [bsa.edgeBsaPackTemplateCreated, bsa.deviceBsaPackCreated]) route(e, (ctx, input) => edge.created(ctx, input, 'pack'));
  for (const e of [bsa.edgeBsaCellTemplateCreated, bsa.deviceBsaCellCreated]) route(e, (ctx, input) => edge.created(ctx, input, 'cell'));
  route(bsa.deviceBsaRackStatusCheck, (ctx, input) => build.statusCheck(ctx, input, 'rack'));
  route(bsa.deviceBsaPackStatusCheck, (ctx, input) => build.statusCheck(ctx, input, 'pack'));
  route(bsa.deviceBsaCellStatusCheck, (ctx, input) => build.statusCheck(ctx, input, 'cell'));
  route(bsa.deviceBsaRack, (ctx) => edge.levelTemplates(ctx, 'rack'));
  route(bsa.deviceBsaPack, (ctx) => edge.levelTemplates(ctx, 'pack'));
  route(bsa.deviceBsaCell, (ctx) => edge.levelTemplates(ctx, 'cell'));
  route(bsa.deviceBsaCellStatus, (ctx, input) => edge.cellStatus(ctx, input));
  // the data-point side
  route(bsa.edgeBsaPointRackStatusCheck, (ctx, input) => edge.pointStatus(ctx, input, 'rack'));
  route(bsa.edgeBsaPointPackStatusCheck, (ctx, input) => edge.pointStatus(ctx, input, 'pack'));
  route(bsa.edgeBsaPointCellStatusCheck, (ctx, input) => edge.pointStatus(ctx, input, 'cell'));
  route(bsa.edgeBsaPointRackComplete, (ctx, input) => edge.pointComplete(ctx, input, 'rack'));
  route(bsa.edgeBsaPointPackComplete, (ctx, input) => edge.pointComplete(ctx, input, 'pack'));
  route(bsa.edgeBsaPointCellComplete, (ctx, input) => edge.pointComplete(ctx, input, 'cell'));
  route(bsa.edgeBsaPointStackList, (ctx, input) => edge.pointStacks(ctx, input));
  route(bsa.edgeBsaPointTemplate, (ctx, input) => edge.pointTemplate(ctx, input));
  route(bsa.edgeBsaPointUpdateTemplateData, (ctx, input) => edge.updatePointData(ctx, input));
  route(bsa.edgeBsaPointTemplateAll, (ctx, input) => templates.pointTemplates(ctx, input));
  route(bsa.edgeBsaPointCreateTemplate, (ctx, input) => templates.insertPointTemplate(ctx, input));
  route(bsa.edgeBsaPointUpdateTemplate, (ctx, input) => templates.newPointVersion(ctx, input));
  // the station's FCS settings and special units
  route(bsa.edgeBsaConfig, (ctx, input) => config.saveConfig(ctx, input));
  route(bsa.edgeBsaGetConfig, (ctx, input) => config.getConfig(ctx, input));
  route(bsa.edgeBsaGetTemplate, (ctx, input) => config.getTemplate(ctx, input));
  route(bsa.deviceBsaEspeciallySave, (ctx, input) => config.saveSpecial(ctx, input));
  route(bsa.deviceBsaEspeciallyList, (ctx, input) => config.specials(ctx, input));
};
