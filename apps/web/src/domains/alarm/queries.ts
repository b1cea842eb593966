import { alarm } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { DOMAIN_KEYS } from '../../shared/query-keys';

export type AlarmRow = RefOutput<typeof alarm.alarmLogPage>['list'][number];
export type AlarmRuleRow = RefOutput<typeof alarm.alarmRulePage>['list'][number];
export type RelatedProperty = RefOutput<typeof alarm.alarmRelatedProperties>[number];
export type AlarmPoints = RefOutput<typeof alarm.alarmPointList>;
export type WorkOrder = RefOutput<typeof alarm.alarmWorkOrderList>[number];
export type TenantWorkOrder = RefOutput<typeof alarm.alarmWorkOrderPage>['list'][number];

const keys = DOMAIN_KEYS.alarm;

/** Query keys of the alarm pages (derived from the calls): everything under ['alarm'] (the bell too) is refetched after a change. */
export const alarmKeys = {
  all: keys.all,
  records: keys.page(alarm.alarmLogPage),
  detail: (id: number) => keys.of(alarm.alarmLogDetail, { id }),
  related: (id: number) => keys.of(alarm.alarmRelatedProperties, { id }),
  values: (id: number) => keys.of(alarm.alarmRelatedPropertyValues, { id }),
  points: (id: number, propertyId: number) => [...keys.page(alarm.alarmPointList), id, propertyId] as const,
  workOrders: (id: number) => keys.of(alarm.alarmWorkOrderList, { id }),
  workOrderList: keys.page(alarm.alarmWorkOrderPage),
  rules: keys.page(alarm.alarmRulePage),
  signboardCount: keys.page(alarm.signboardAlarmCount),
  signboardAssetsAll: keys.page(alarm.signboardAlarmAsset),
  signboardAssets: (name: string) => [...keys.page(alarm.signboardAlarmAsset), name] as const,
  signboardPage: keys.page(alarm.signboardAlarmPage),
};
