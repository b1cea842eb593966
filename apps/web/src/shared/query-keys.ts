import type { EndpointRef, RefInput } from '@energy/contracts/refs-types';

/**
 * Query keys derived from the call they cache: `queryKeyOf(ref, input)` is `[ref.path, input]` (`[ref.path]`
 * without input), so two pages asking the same call with the same input share one cache entry.
 */
export function queryKeyOf<R extends EndpointRef>(ref: R, input?: RefInput<R>): readonly unknown[] {
  return input === undefined ? [ref.path] : [ref.path, input];
}

/**
 * A domain's keys: every query of the domain sits under `all` (`[domain]`), so invalidating `all` after a
 * change refetches its lists, details and the pickers that show its rows. `of(ref, input)` is
 * `[domain, ref.path, input]`; `page(ref)` is the prefix a list page gives useListQuery (the page body
 * is appended to it, which makes it `of(ref, body)`).
 */
export function domainKeys<const D extends string>(domain: D) {
  return {
    all: [domain] as const,
    of: <R extends EndpointRef>(ref: R, input?: RefInput<R>) => [domain, ...queryKeyOf(ref, input)] as const,
    page: <R extends EndpointRef>(ref: R) => [domain, ref.path] as const,
  };
}

/**
 * The domain prefixes the shared pickers cache under: a domain invalidating its `all` refreshes its picker
 * too (a new OU shows in every OU picker). Each domain's queries.ts builds its keys from the same entry.
 */
export const DOMAIN_KEYS = {
  alarm: domainKeys('alarm'),
  audit: domainKeys('audit'),
  devices: domainKeys('devices'),
  organization: domainKeys('organization'),
  ou: domainKeys('ou'),
  role: domainKeys('role'),
  staff: domainKeys('staff-admin'),
  strategy: domainKeys('strategy'),
  bsa: domainKeys('bsa'),
};
