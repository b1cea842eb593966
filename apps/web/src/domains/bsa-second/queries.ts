import { bsaSecond } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { domainKeys } from '../../shared/query-keys';

export type SecondRow = RefOutput<typeof bsaSecond.page>['list'][number];
export type SecondInfo = RefOutput<typeof bsaSecond.info>;
export type CabinetRow = RefOutput<typeof bsaSecond.cabinetList>[number];
export type CabinetLinkRow = RefOutput<typeof bsaSecond.cabinetLinkList>[number];
export type FcsRow = RefOutput<typeof bsaSecond.fcsPage>['list'][number];
export type TargetRow = RefOutput<typeof bsaSecond.distributeLogList>['list'][number];
export type Distribution = RefOutput<typeof bsaSecond.distribute>;
export type FirmwareState = TargetRow['state'];

const keys = domainKeys('bsa-second');

/** Query keys: everything under ['bsa-second'] is refetched after a change. */
export const secondKeys = {
  all: keys.all,
  page: keys.page(bsaSecond.page),
  info: (id: number) => keys.of(bsaSecond.info, { id }),
  cabinets: keys.page(bsaSecond.cabinetList),
  links: (cabinetId: number) => keys.of(bsaSecond.cabinetLinkList, { cabinetId }),
  devices: (bsaId: number) => keys.of(bsaSecond.devicePage, { bsaId, pageSize: 100, pageOffset: 1 }),
  fcs: keys.page(bsaSecond.fcsPage),
  log: keys.page(bsaSecond.distributeLogList),
  software: keys.of(bsaSecond.softwareVersionList, {}),
  hardware: keys.of(bsaSecond.hardwareVersionList),
  stations: keys.of(bsaSecond.page, { pageSize: 100, pageOffset: 1 }),
};

/** The staff's stations, for pickers (at most 100: a tenant's storage stations). */
export function useStations(enabled = true) {
  return useQuery({
    queryKey: secondKeys.stations,
    queryFn: () => api(bsaSecond.page, { pageSize: 100, pageOffset: 1 }),
    enabled,
    staleTime: 30_000,
  });
}

/** The colour of a firmware target's state. */
export const STATE_COLORS: Record<FirmwareState, string> = {
  queued: 'default',
  initiated: 'processing',
  downloading: 'processing',
  downloaded: 'processing',
  verified: 'cyan',
  updated: 'success',
  failed: 'error',
};
