import { lineLoss as c } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { LineLossAlarmService } from './line-loss-alarms.service.js';
import type { LineLossService } from './line-loss.service.js';

export const lineLossRoutes: DomainRoutes<{ lineLoss: LineLossService; lineLossAlarms: LineLossAlarmService }> = (
  route,
  { lineLoss, lineLossAlarms: alarms },
) => {
  route(c.lineLossCreate, (ctx, input) => lineLoss.create(ctx, input));
  route(c.lineLossUpdate, (ctx, input) => lineLoss.update(ctx, input));
  route(c.lineLossDelete, (ctx, input) => alarms.deleteConfig(ctx, input.id));
  route(c.lineLossPage, (ctx, input) => lineLoss.page(ctx, input));
  route(c.lineLossList, (ctx, input) => lineLoss.list(ctx, input));
  route(c.lineLossDetail, (ctx, input) => lineLoss.detail(ctx, input.id));
  route(c.lineLossData, (ctx, input) => lineLoss.data(ctx, input));
  route(c.lineLossExport, (ctx, input, http) => lineLoss.export(ctx, input, http));

  route(c.ruleCreate, (ctx, input) => alarms.create(ctx, input));
  route(c.ruleUpdate, (ctx, input) => alarms.update(ctx, input));
  route(c.ruleStatus, (ctx, input) => alarms.status(ctx, input));
  route(c.ruleDelete, (ctx, input) => alarms.delete(ctx, input.id));
  route(c.rulePage, (ctx, input) => alarms.page(ctx, input));
  route(c.ruleExport, (ctx, input, http) => alarms.export(ctx, input, http));
  route(c.ruleDetail, (ctx, input) => alarms.detail(ctx, input.id));
  route(c.logPage, (ctx, input) => alarms.logPage(ctx, input));
  route(c.logExport, (ctx, input, http) => alarms.logExport(ctx, input, http));
  route(c.logDetail, (ctx, input) => alarms.logDetail(ctx, input.id));
};
