import { platform } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { domainKeys } from '../../../shared/query-keys';

/** The console's queries sit under one prefix: a change refreshes tenants, links and the catalogue. */
export const consoleKeys = domainKeys('platform-console');

export type TenantRow = RefOutput<typeof platform.tenantPage>['list'][number];
export type ChannelLinkRow = RefOutput<typeof platform.channelLinkList>[number];
export type CatalogueGrants = RefOutput<typeof platform.catalogueGrants>;

/** One page of an unpaged list, as EntityListPage expects a page call to answer. */
export function pageOfAll<T>(rows: T[], body: { pageSize: number; pageOffset: number }) {
  const start = (body.pageOffset - 1) * body.pageSize;
  return { list: rows.slice(start, start + body.pageSize), totalCount: rows.length };
}

/** Bytes as B, KB, MB or GB (one decimal above B). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The console spans tenants in every zone: its pages show times in UTC, as its exports do, and say so. */
export const CONSOLE_ZONE = 'UTC';
