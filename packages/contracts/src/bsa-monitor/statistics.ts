import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';

import { id, text } from '../common/ids.js';
import { STATION_STATUSES } from '../bsa/lifecycle.js';
import { energyTotals, overviewRead, tenantCustomerTree } from './monitor.js';
import { alias } from '../bsa/aliases.js';

// All the staff's stations at once (docs/bsa.md "Monitoring (issue 22)"): the GIS map, the statistics and
// the list with each station's figures now.

/** The customers, OUs and stations (bsaData's name of neo-bsa/tenant-customer-tree). */
export const bsaDataTenantCustomerTree = alias(tenantCustomerTree, '/api/v2/bsaData/tenant-customer-tree', 'bsa-data');

/** The stations on a map: coordinates of their OU (site), status and capacity. */
export const bsaStaticsGis = endpoint({
  method: 'POST',
  path: '/api/v2/bsaData/statics/gis',
  summary: 'Storage stations on the map',
  tag: 'bsa-data',
  access: overviewRead,
  kind: 'query',
  bodyKind: 'none',
  body: noBody,
  output: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      status: z.enum(STATION_STATUSES),
      online: z.boolean(),
      ouName: z.string(),
      address: z.string().nullable(),
      lng: z.number().nullable(),
      lat: z.number().nullable(),
      ratedPowerKw: z.number(),
      capacityKwh: z.number(),
    }),
  ),
});

const listFilter = z.object({
  name: text(128).optional(),
  ouId: id.optional(),
  statusFilter: z.enum(STATION_STATUSES).optional(),
  timestamp: z.number().optional(),
});

/** The staff's stations: counts, power, capacity and energy (today and since their first reading). */
export const bsaStatics = endpoint({
  method: 'POST',
  path: '/api/v2/bsaData/statics',
  summary: 'Storage statistics',
  tag: 'bsa-data',
  access: overviewRead,
  kind: 'query',
  body: listFilter,
  output: z.object({
    stations: z.number().int(),
    online: z.number().int(),
    byStatus: z.record(z.string(), z.number().int()),
    ratedPowerKw: z.number(),
    capacityKwh: z.number(),
    date: z.string(),
    today: energyTotals,
    lifetime: energyTotals,
  }),
});

/** A station with its figures now. */
export const stationNowRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.enum(STATION_STATUSES),
  ouId: z.number().int(),
  ouName: z.string(),
  online: z.boolean(),
  ratedPowerKw: z.number(),
  capacityKwh: z.number(),
  powerKw: z.number().nullable(),
  socPct: z.number().nullable(),
  todayChargeWh: z.number().int(),
  todayDischargeWh: z.number().int(),
});

const stationList = (path: string, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    summary,
    tag: 'bsa-data',
    access: overviewRead,
    kind: 'query',
    body: listFilter,
    output: z.array(stationNowRow),
  });
export const bsaDataList = stationList('/api/v2/bsaData/list', 'Storage stations with their figures now');
export const bsaDataNeoList = stationList('/api/v2/bsaData/neo/list', 'Storage stations with their figures now (new generation)');
