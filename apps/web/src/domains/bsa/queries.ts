import { bsa } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { DOMAIN_KEYS } from '../../shared/query-keys';

export type StationRow = RefOutput<typeof bsa.bsaList>[number];
export type StationStatus = StationRow['status'];
export type StationDraft = RefOutput<typeof bsa.bsaGetDraft>;
export type BatteryTree = RefOutput<typeof bsa.bsaBatteryTree>;
export type PointTemplateRow = RefOutput<typeof bsa.neoBsaPointTemplateAll>[number];
export type PointVersionRow = RefOutput<typeof bsa.neoBsaPointVersionList>[number];
export type DeviceTemplateRow = RefOutput<typeof bsa.deviceBsaTemplateList>[number];
export type BatteryLevel = DeviceTemplateRow['level'];

const keys = DOMAIN_KEYS.bsa;

/** The data-point status check of each level. */
export const POINT_STATUS = {
  rack: bsa.edgeBsaPointRackStatusCheck,
  pack: bsa.edgeBsaPointPackStatusCheck,
  cell: bsa.edgeBsaPointCellStatusCheck,
} as const;

/** Query keys of the storage asset pages: everything under ['bsa'] is refetched after a change. */
export const bsaKeys = {
  all: keys.all,
  list: keys.page(bsa.bsaList),
  fsm: (id: number) => keys.of(bsa.bsaFsm, { id }),
  draft: (id: number) => keys.of(bsa.bsaGetDraft, { id }),
  tree: (bsaId: number) => keys.of(bsa.bsaBatteryTree, { bsaId }),
  pcs: (bsaId: number) => keys.of(bsa.bsaPcsBindingList, { bsaId }),
  stacks: (bsaId: number) => keys.of(bsa.bsaStackList, { bsaId }),
  createStatus: (bsaId: number) => keys.of(bsa.neoBsaCreateStatus, { bsaId }),
  cells: (packId: number) => keys.of(bsa.neoBsaListCell, { packId }),
  pointTable: (bsaId: number) => keys.of(bsa.bsaConfigGet, { bsaId }),
  configDevice: (bsaId: number) => keys.of(bsa.bsaConfigDevice, { bsaId }),
  configHistory: (bsaId: number) => keys.of(bsa.bsaConfigPublishHistory, { bsaId }),
  configLog: (bsaId: number) => keys.of(bsa.bsaConfigMirrorGenerateLog, { bsaId }),
  configRules: (bsaId: number) => keys.of(bsa.bsaConfigRules, { bsaId }),
  pointTemplates: keys.of(bsa.neoBsaPointTemplateAll, {}),
  versions: (templateId: number) => keys.of(bsa.neoBsaPointVersionList, { templateId }),
  deviceTemplates: keys.of(bsa.deviceBsaTemplateList, {}),
  masterSlave: (bsaId: number) => keys.of(bsa.bsaMasterSlaveGet, { bsaId }),
  quarter: (bsaId: number, date: string) => keys.of(bsa.bsaDataQuarter, { bsaId, date }),
  pointSetup: (bsaId: number, level: BatteryLevel) => keys.of(POINT_STATUS[level], { bsaId }),
  specials: (bsaId: number) => keys.of(bsa.deviceBsaEspeciallyList, { bsaId }),
  pointTemplate: (templateId: number) => keys.of(bsa.edgeBsaPointTemplate, { templateId }),
};

export function useFsm(id: number | null) {
  return useQuery({ queryKey: bsaKeys.fsm(id ?? 0), queryFn: () => api(bsa.bsaFsm, { id: id! }), enabled: id !== null });
}

export function useDeviceTemplates(enabled = true) {
  return useQuery({ queryKey: bsaKeys.deviceTemplates, queryFn: () => api(bsa.deviceBsaTemplateList, {}), enabled });
}

export function usePointTemplates(enabled = true) {
  return useQuery({ queryKey: bsaKeys.pointTemplates, queryFn: () => api(bsa.neoBsaPointTemplateAll, {}), enabled });
}
