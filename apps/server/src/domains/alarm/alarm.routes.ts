import { alarm } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { AlarmBellService } from './alarm-bell.service.js';
import type { AlarmRecordsService } from './alarm-records.service.js';
import type { AlarmRulesService } from './alarm-rules.service.js';
import type { AlarmSignboardService } from './alarm-signboard.service.js';
import type { AlarmWorkOrdersService } from './alarm-work-orders.service.js';

interface AlarmRoutesServices {
  alarmRules: AlarmRulesService;
  alarmRecords: AlarmRecordsService;
  alarmBell: AlarmBellService;
  alarmWorkOrders: AlarmWorkOrdersService;
  alarmSignboard: AlarmSignboardService;
}

export const alarmRoutes: DomainRoutes<AlarmRoutesServices> = (
  route,
  { alarmRules: rules, alarmRecords: records, alarmBell: bell, alarmWorkOrders: workOrders, alarmSignboard: signboard },
) => {
  // rules
  route(alarm.alarmRulePage, (ctx, input) => rules.page(ctx, input));
  route(alarm.alarmRuleDetail, (ctx, input) => rules.detail(ctx, input));
  route(alarm.alarmRuleCreate, (ctx, input) => rules.create(ctx, input));
  route(alarm.alarmRuleUpdate, (ctx, input) => rules.update(ctx, input));
  route(alarm.alarmRuleStatus, (ctx, input) => rules.setStatus(ctx, input));
  route(alarm.alarmRuleDelete, (ctx, input) => rules.delete(ctx, input));

  // the alarm log (spec 002)
  route(alarm.alarmLogPage, (ctx, input) => records.recordPage(ctx, input));
  route(alarm.alarmLogExport, (ctx, input, http) => records.export(ctx, input, http));
  route(alarm.alarmLogDetail, (ctx, input) => records.detail(ctx, input));
  route(alarm.alarmLogRead, (ctx, input) => bell.readOne(ctx, input));
  route(alarm.alarmLogBatchRead, (ctx, input) => bell.batchRead(ctx, input));
  route(alarm.alarmLogStatistics, (ctx, input) => records.statistics(ctx, input));
  route(alarm.alarmWorkOrderList, (ctx, input) => workOrders.workOrders(ctx, input));
  route(alarm.alarmWorkOrderPage, (ctx, input) => workOrders.workOrderPage(ctx, input));
  route(alarm.alarmWorkOrderExport, (ctx, input, http) => workOrders.workOrderExport(ctx, input, http));
  route(alarm.alarmWorkOrderCreate, (ctx, input) => workOrders.createWorkOrder(ctx, input));
  route(alarm.alarmRelatedProperties, (ctx, input) => workOrders.relatedProperties(ctx, input));
  route(alarm.alarmRelatedPropertyValues, (ctx, input) => workOrders.relatedPropertyValues(ctx, input));
  route(alarm.alarmPointList, (ctx, input) => workOrders.pointList(ctx, input));
  route(alarm.alarmPointExport, (ctx, input, { reply }) => workOrders.pointExport(ctx, input, reply));

  // the bell (spec 000, cors/)
  route(alarm.pagePushStaff, (ctx, input) => bell.pushPage(ctx, input));
  route(alarm.readAlarmLog, (ctx, input) => bell.readOne(ctx, input));
  route(alarm.readServerAlarm, (ctx, input) => bell.readOne(ctx, input));

  // the fault signboard (spec 002)
  route(alarm.signboardAlarmPage, (ctx, input) => signboard.signboardPage(ctx, input));
  route(alarm.signboardAlarmPageForApp, (ctx, input) => signboard.signboardPage(ctx, input));
  route(alarm.signboardAlarmPageGet, (ctx, input) => signboard.signboardPage(ctx, input));
  route(alarm.signboardAlarmCount, (ctx, input) => signboard.signboardCount(ctx, input));
  route(alarm.signboardAlarmAsset, (ctx, input) => signboard.signboardAssets(ctx, input));
  route(alarm.signboardAlarmAssetGet, (ctx, input) => signboard.signboardAssets(ctx, input));
  route(alarm.signboardAllAlarm, (ctx) => signboard.allActive(ctx));
  route(alarm.signboardAllAlarmGet, (ctx) => signboard.allActive(ctx));
  route(alarm.signboardTenantList, (ctx) => signboard.tenantList(ctx));
  route(alarm.signboardMonitoringRange, () => signboard.monitoringRange());
  route(alarm.signboardRecordDetail, (ctx, input) => records.detail(ctx, input));
  route(alarm.signboardRecordDetailQuery, (ctx, input) => records.detail(ctx, input));
  route(alarm.signboardReadAlarm, (ctx, input) => bell.readOne(ctx, input));
  route(alarm.signboardReadAlarmQuery, (ctx, input) => bell.readOne(ctx, input));
  route(alarm.signboardRecovery, (ctx, input) => signboard.recover(ctx, input));
  route(alarm.signboardRecoveryForApp, (ctx, input) => signboard.recover(ctx, input));
};
