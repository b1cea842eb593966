import { bsaRemote } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { domainKeys } from '../../shared/query-keys';

export type CommandRow = RefOutput<typeof bsaRemote.commandPage>['list'][number];
export type LogRow = RefOutput<typeof bsaRemote.logPage>['list'][number];
export type OperationRow = RefOutput<typeof bsaRemote.operationPage>['list'][number];
export type RemoteStatus = LogRow['status'];
export type RemoteAction = CommandRow['action'];
export type RemoteDeviceType = CommandRow['deviceType'];

const keys = domainKeys('bsa-remote');

/** Query keys of the remote control pages: everything under ['bsa-remote'] is refetched after a change. */
export const remoteKeys = {
  all: keys.all,
  commands: keys.page(bsaRemote.commandPage),
  log: keys.page(bsaRemote.logPage),
  operations: keys.page(bsaRemote.operationPage),
  stations: keys.of(bsaRemote.bsaList, {}),
};

export const REMOTE_STATUSES: RemoteStatus[] = ['pending', 'acknowledged', 'refused', 'timeout'];
export const ACTIONS_OF: Record<RemoteDeviceType, RemoteAction[]> = {
  pcs: ['start', 'stop', 'set-power', 'mode'],
  fcs: ['start', 'stop', 'mode'],
};

/** The stations the staff may command (configured or enabled). */
export function useRemoteStations() {
  return useQuery({ queryKey: remoteKeys.stations, queryFn: () => api(bsaRemote.bsaList, {}) });
}

/** A v4 UUID: the send's idempotency id (crypto.randomUUID needs a secure context; this does not). */
export function newRequestId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
