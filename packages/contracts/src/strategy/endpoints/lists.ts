import { z } from 'zod';
import { endpoint, noBody } from '../../common/endpoint.js';
import { id, mcid } from '../../common/ids.js';
import { pageOf, pageRequest } from '../../common/paging.js';
import { tag, kind, listFilter, strategyRow, strategyWithBody } from './rows.js';

/**
 * Strategies and templates, newest first. Filters combine; kinds the staff may not read are left out
 * (asking only for them answers 403).
 */
export const strategyPage = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/page',
  summary: 'Strategies and templates, paged',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: pageRequest.extend(listFilter.shape),
  output: pageOf(strategyRow),
});

/** The same filters without paging (at most 1000 rows, newest first). */
export const strategyList = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/list',
  summary: 'Strategies and templates',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: listFilter.optional(),
  output: z.array(strategyRow),
});

/** The strategies (kinds strategy and fieldStrategy) of one station. */
export const strategyListBsa = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/list-bsa',
  summary: 'Strategies of a station',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-strategy' },
  kind: 'query',
  body: z.object({ bsaId: id, kind: kind.exclude(['template']).optional(), timestamp: z.number().optional() }),
  output: z.array(strategyRow),
});

/** The strategies of the stations of one OU. */
export const strategyListOu = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/list-ou',
  summary: 'Strategies of an OU',
  tag,
  access: { auth: 'staff', permission: 'p-bsa-strategy' },
  kind: 'query',
  body: z.object({ ouId: id, kind: kind.exclude(['template']).optional(), timestamp: z.number().optional() }),
  output: z.array(strategyRow),
});

/** For one customer: the strategies of its stations and the templates bound to it (each as the staff may read). */
export const strategyListCustomer = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/list-customer',
  summary: 'Strategies and templates of a customer',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ mcid, kind: kind.optional(), timestamp: z.number().optional() }),
  output: z.array(strategyRow),
});

/**
 * The editor versions (1..6 = CA..CF) with what uses them among what the staff sees: stations whose FCS
 * runs the version, strategies and templates written for it. `inUse` when any count is above 0.
 */
export const strategyListVersion = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/list-version',
  summary: 'Strategy versions in use',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: z.array(
    z.object({
      version: z.number().int(),
      name: z.string(),
      stations: z.number().int(),
      strategies: z.number().int(),
      templates: z.number().int(),
      inUse: z.boolean(),
    }),
  ),
});

/** One strategy or template with its body; another tenant's or OU's answers 404. */
export const strategyDetail = endpoint({
  method: 'POST',
  path: '/api/v2/energy-storage-strategy/detail',
  summary: 'Strategy detail',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ id, timestamp: z.number().optional() }),
  output: strategyWithBody,
});
