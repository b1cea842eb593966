import { alarm } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';

export const alarmRoutes: DomainRoutes = (route, { alarm: service, alarmRules: rules }) => {
  // rules
  route(alarm.alarmRulePage, (ctx, input) => rules.page(ctx, input));
  route(alarm.alarmRuleDetail, (ctx, input) => rules.detail(ctx, input));
  route(alarm.alarmRuleCreate, (ctx, input) => rules.create(ctx, input));
  route(alarm.alarmRuleUpdate, (ctx, input) => rules.update(ctx, input));
  route(alarm.alarmRuleStatus, (ctx, input) => rules.setStatus(ctx, input));
  route(alarm.alarmRuleDelete, (ctx, input) => rules.delete(ctx, input));

  // the alarm log (spec 002)
  route(alarm.alarmLogPage, (ctx, input) => service.recordPage(ctx, input));
  route(alarm.alarmLogExport, (ctx, input, { reply }) => service.exportCsv(ctx, input, reply));
  route(alarm.alarmLogDetail, (ctx, input) => service.detail(ctx, input));
  route(alarm.alarmLogRead, (ctx, input) => service.readOne(ctx, input));
  route(alarm.alarmLogBatchRead, (ctx, input) => service.batchRead(ctx, input));
  route(alarm.alarmLogStatistics, (ctx, input) => service.statistics(ctx, input));
  route(alarm.alarmWorkOrderList, (ctx, input) => service.workOrders(ctx, input));
  route(alarm.alarmWorkOrderCreate, (ctx, input) => service.createWorkOrder(ctx, input));
  route(alarm.alarmRelatedProperties, (ctx, input) => service.relatedProperties(ctx, input));
  route(alarm.alarmRelatedPropertyValues, (ctx, input) => service.relatedPropertyValues(ctx, input));
  route(alarm.alarmPointList, (ctx, input) => service.pointList(ctx, input));
  route(alarm.alarmPointExport, (ctx, input, { reply }) => service.pointExport(ctx, input, reply));

  // the bell (spec 000, cors/)
  route(alarm.pagePushStaff, (ctx, input) => service.pushPage(ctx, input));
  route(alarm.readAlarmLog, (ctx, input) => service.readOne(ctx, input));
  route(alarm.readServerAlarm, (ctx, input) => service.readOne(ctx, input));

  // the fault signboard (spec 002)
  route(alarm.signboardAlarmPage, (ctx, input) => service.signboardPage(ctx, input));
  route(alarm.signboardAlarmPageForApp, (ctx, input) => service.signboardPage(ctx, input));
  route(alarm.signboardAlarmPageGet, (ctx, input) => service.signboardPage(ctx, input));
  route(alarm.signboardAlarmCount, (ctx, input) => service.signboardCount(ctx, input));
  route(alarm.signboardAlarmAsset, (ctx, input) => service.signboardAssets(ctx, input));
  route(alarm.signboardAlarmAssetGet, (ctx, input) => service.signboardAssets(ctx, input));
  route(alarm.signboardAllAlarm, (ctx) => service.allActive(ctx));
  route(alarm.signboardAllAlarmGet, (ctx) => service.allActive(ctx));
  route(alarm.signboardTenantList, (ctx) => service.tenantList(ctx));
  route(alarm.signboardMonitoringRange, () => service.monitoringRange());
  route(alarm.signboardRecordDetail, (ctx, input) => service.detail(ctx, input));
  route(alarm.signboardRecordDetailQuery, (ctx, input) => service.detail(ctx, input));
  route(alarm.signboardReadAlarm, (ctx, input) => service.readOne(ctx, input));
  route(alarm.signboardReadAlarmQuery, (ctx, input) => service.readOne(ctx, input));
  route(alarm.signboardRecovery, (ctx, input) => service.recover(ctx, input));
  route(alarm.signboardRecoveryForApp, (ctx, input) => service.recover(ctx, input));
};
