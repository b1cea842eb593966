import { z } from 'zod';
import { endpoint, type EndpointDef } from '../common/endpoint.js';
import { id } from '../common/ids.js';
import { bsaPcsBindingList, cellRow, neoBsaListCell, neoBsaListPack, neoBsaListRack, neoBsaListStack } from './build.js';
import { POINT_STATES } from './points.js';

// The spec's other names of calls that exist (docs/bsa.md, "Other names"): the same body, answer and
// permission under another path; and the cells of a pack with the state of each value.

/** The same call under another path (and tag). */
export const alias = <E extends EndpointDef>(e: E, path: string, tag: string): E => endpoint({ ...e, path, tag }) as E;

export const bsaStackBindingList = alias(neoBsaListStack, '/api/v2/bsa/stack-binding-list', 'bsa');
export const neoBsaListStackShort = alias(neoBsaListStack, '/api/v2/neo-bsa-device/list/stack', 'neo-bsa-device');
export const bsaRackBindingList = alias(neoBsaListRack, '/api/v2/bsa/rack-binding-list', 'bsa');
export const bsaPackBindingList = alias(neoBsaListPack, '/api/v2/bsa/pack-binding-list', 'bsa');
export const bsaCellBindingList = alias(neoBsaListCell, '/api/v2/bsa/cell-binding-list', 'bsa');
export const bsaCell = alias(neoBsaListCell, '/api/v2/bsa/cell', 'bsa');
export const bsaPcsList = alias(bsaPcsBindingList, '/api/v2/bsa/pcs-list', 'bsa');
export const neoBsaListPcs = alias(bsaPcsBindingList, '/api/v2/neo-bsa-device/list/neo-bsa-pcs', 'neo-bsa-device');
export const neoBsaListPcsShort = alias(bsaPcsBindingList, '/api/v2/neo-bsa-device/list/pcs', 'neo-bsa-device');

const pointState = z.enum(POINT_STATES).nullable();

/**
 * The cells of a pack as chips: each value with its state from the cell template's bands (null: no band
 * covers it, or not reported), and the cell's worst state.
 */
export const bsaBatteryChipData = endpoint({
  method: 'POST',
  path: '/api/v2/bsaBattery/getBatteryChipData',
  summary: 'Cells of a pack with their states',
  tag: 'bsaBattery',
  access: { auth: 'staff', permission: 'p-bsa-station' },
  kind: 'query',
  body: z.object({ packId: id, timestamp: z.number().optional() }),
  output: z.array(
    cellRow.extend({
      states: z.object({ voltage: pointState, temperature: pointState, soc: pointState }),
      state: pointState,
    }),
  ),
});
