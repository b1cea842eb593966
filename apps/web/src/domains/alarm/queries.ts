import { alarm } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';

export type AlarmRow = RefOutput<typeof alarm.alarmLogPage>['list'][number];
export type AlarmRuleRow = RefOutput<typeof alarm.alarmRulePage>['list'][number];
export type RelatedProperty = RefOutput<typeof alarm.alarmRelatedProperties>[number];
export type AlarmPoints = RefOutput<typeof alarm.alarmPointList>;
export type WorkOrder = RefOutput<typeof alarm.alarmWorkOrderList>[number];

/** Query keys of the alarm pages: everything under ['alarm'] (the bell too) is refetched after a change. */
export const alarmKeys = {
  all: ['alarm'] as const,
  records: ['alarm', 'records'] as const,
  detail: (id: number) => ['alarm', 'detail', id] as const,
  related: (id: number) => ['alarm', 'related', id] as const,
  values: (id: number) => ['alarm', 'values', id] as const,
  points: (id: number, propertyId: number) => ['alarm', 'points', id, propertyId] as const,
  workOrders: (id: number) => ['alarm', 'work-orders', id] as const,
  rules: ['alarm', 'rules'] as const,
  signboardCount: ['alarm', 'signboard', 'count'] as const,
  signboardAssets: (name: string) => ['alarm', 'signboard', 'assets', name] as const,
  signboardPage: ['alarm', 'signboard', 'page'] as const,
};
