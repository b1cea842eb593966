import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { id, idParam, text } from '../common/ids.js';
import { pageOf, pageRequest } from '../common/paging.js';

const tag = 'circuit';

// ---------------------------------------------------------------------------------------------
// Cabinets and circuits

export const CIRCUIT_TYPES = ['incoming', 'busbar', 'feeder', 'branch'] as const;
export const circuitType = z.enum(CIRCUIT_TYPES);
export type CircuitType = z.infer<typeof circuitType>;

export const cabinetRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  ouId: z.number().int(),
  ouName: z.string(),
  location: z.string().nullable(),
  circuitCount: z.number().int(),
});

export const cabinetList = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/cabinet/list',
  summary: 'Distribution cabinets',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-manage' },
  kind: 'query',
  body: z.object({ ouId: id.optional(), name: text(128).optional() }).optional(),
  output: z.array(cabinetRow),
});

export const cabinetSave = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/cabinet/save',
  summary: 'Save a distribution cabinet',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-edit' },
  kind: 'command',
  body: z.object({
    id: id.optional(),
    ouId: id,
    code: text(64).min(1, 'is required'),
    name: text(128).min(1, 'is required'),
    location: text(256).nullable().optional(),
  }),
  output: cabinetRow,
});

/** A meter bound to a circuit: its energy counts with `sign` (+1 adds, -1 subtracts). */
export const circuitMeter = z.object({
  deviceId: z.number().int(),
  code: z.string(),
  name: z.string(),
  deviceType: z.string(),
  sign: z.union([z.literal(1), z.literal(-1)]),
  online: z.boolean(),
});

export const circuitRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: circuitType,
  ouId: z.number().int(),
  ouName: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  distributionCabinetId: z.number().int().nullable(),
  distributionCabinetName: z.string().nullable(),
  /** The account it is billed to: its own, else its nearest ancestor's. */
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  /** Whether the account is the circuit's own (false: inherited from an ancestor). */
  ownAccount: z.boolean(),
  ratedCurrentA: z.number().nullable(),
  meters: z.array(circuitMeter),
  createdAt: z.string(),
});
export type CircuitRow = z.infer<typeof circuitRow>;

const circuitFilter = {
  codeOrName: text(128).optional(),
  type: circuitType.optional(),
  distributionCabinetId: id.optional(),
  ouId: id.optional(),
};
export const circuitFilterQ = {
  codeOrName: text(128).optional(),
  type: circuitType.optional(),
  distributionCabinetId: idParam.optional(),
  ouId: idParam.optional(),
};

export const circuitPage = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/page',
  summary: 'Circuits, a page',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-manage' },
  kind: 'query',
  body: pageRequest.extend(circuitFilter),
  output: pageOf(circuitRow),
});
export const circuitPageGet = endpoint({
  ...circuitPage,
  method: 'GET',
  path: '/api/circuit/page',
  body: undefined,
  query: z.object({
    ...circuitFilterQ,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  }),
});

export const circuitList = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/list',
  summary: 'Circuits',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-manage' },
  kind: 'query',
  body: z.object({ ...circuitFilter, name: text(128).optional() }).optional(),
  output: z.array(circuitRow),
});
export const circuitListGet = endpoint({
  ...circuitList,
  method: 'GET',
  path: '/api/circuit/list',
  body: undefined,
  query: z.object({ ...circuitFilterQ, name: text(128).optional() }),
});

export const circuitDetail = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/detail',
  summary: 'Circuit',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-manage' },
  kind: 'query',
  body: z.object({ id }),
  output: circuitRow,
});
export const circuitDetailGet = endpoint({
  ...circuitDetail,
  method: 'GET',
  path: '/api/circuit/{id}',
  body: undefined,
  params: z.object({ id: idParam }),
});

const meterBinding = z.object({ deviceId: id, sign: z.union([z.literal(1), z.literal(-1)]).default(1) });

const circuitFields = {
  code: text(64).min(1, 'is required'),
  name: text(128).min(1, 'is required'),
  type: circuitType,
  ouId: id,
  parentId: id.nullable().optional(),
  distributionCabinetId: id.nullable().optional(),
  accountId: id.nullable().optional(),
  ratedCurrentA: z.number().min(0, 'must not be negative').max(100_000, 'must be at most 100000').nullable().optional(),
  /** Its meters; the circuit's energy is their signed sum. */
  meters: z.array(meterBinding).max(50, 'at most 50 meters').default([]),
};

export const circuitCreate = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/create',
  summary: 'Create a circuit',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-create' },
  kind: 'command',
  body: z.object(circuitFields),
  output: circuitRow,
});

export const circuitUpdate = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/update',
  summary: 'Update a circuit',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-edit' },
  kind: 'command',
  body: z.object({ id, ...circuitFields }),
  output: circuitRow,
});
export const circuitDelete = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/delete',
  summary: 'Delete a circuit without children',
  tag,
  access: { auth: 'staff', permission: 'b-circuit-delete' },
  kind: 'command',
  body: z.object({ id }),
  output: z.null(),
});

/** A node of a circuit tree. */
export interface TreeNode {
  id: number;
  /** 'ou', 'cabinet' or 'circuit'. */
  nodeType: 'ou' | 'cabinet' | 'circuit';
  code: string;
  name: string;
  type: CircuitType | null;
  bindDevice: boolean;
  children: TreeNode[];
}
export const treeNode: z.ZodType<TreeNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      nodeType: z.enum(['ou', 'cabinet', 'circuit']),
      code: z.string(),
      name: z.string(),
      type: circuitType.nullable(),
      bindDevice: z.boolean(),
      children: z.array(treeNode),
    }),
  )
  .meta({ id: 'CircuitTreeNode' });

const treeFilter = { name: text(128).optional(), type: circuitType.optional(), bindDevice: z.boolean().optional() };

/** tree: the circuits by parent (incoming lines at the roots); filters keep a matching node's ancestors. */
export const circuitTree = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/tree',
  summary: 'Circuit tree',
  tag,
  access: { auth: 'staff', permission: 'p-circuit-tree' },
  kind: 'query',
  body: z.object(treeFilter).optional(),
  output: z.array(treeNode),
});
export const circuitTreeGet = endpoint({
  ...circuitTree,
  method: 'GET',
  path: '/api/circuit/tree',
  body: undefined,
  query: z.object({
    ...treeFilter,
    bindDevice: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  }),
});
/** tree2: distribution cabinets with their circuits (a cabinet's circuits nested by parent). */
export const circuitTree2 = endpoint({
  ...circuitTree,
  path: '/api/v2/circuit/tree2',
  summary: 'Circuits by cabinet',
  body: z.object({}).optional(),
});
export const circuitTree2Get = endpoint({ ...circuitTree2, method: 'GET', path: '/api/circuit/tree2', body: undefined });
/** tree3: the subtree under one circuit (the circuit itself at the root). */
export const circuitTree3 = endpoint({
  ...circuitTree,
  path: '/api/v2/circuit/tree3',
  summary: 'Subtree of a circuit',
  body: z.object({ circuitId: id }),
});
export const circuitTree3Get = endpoint({
  ...circuitTree3,
  method: 'GET',
  path: '/api/circuit/tree3',
  body: undefined,
  query: z.object({ circuitId: idParam }),
});
/** tree4: OUs with their circuit trees (a picker across sites). */
export const circuitTree4 = endpoint({
  ...circuitTree,
  path: '/api/v2/circuit/tree4',
  summary: 'Circuits by OU',
  body: z.object({}).optional(),
});
export const circuitTree4Get = endpoint({ ...circuitTree4, method: 'GET', path: '/api/circuit/tree4', body: undefined });

export const circuitDevices = endpoint({
  method: 'POST',
  path: '/api/v2/circuit/device/query',
  summary: "A circuit's meters",
  tag,
  access: { auth: 'staff', permission: 'p-circuit-manage' },
  kind: 'query',
  body: z.object({ circuitId: id }),
  output: z.array(circuitMeter),
});
export const circuitDevicesGet = endpoint({
  ...circuitDevices,
  method: 'GET',
  path: '/api/circuit/device/query',
  body: undefined,
  query: z.object({ circuitId: idParam }),
});
export const deviceListByCircuitId = endpoint({ ...circuitDevices, path: '/api/v2/device/listByCircuitId', tag: 'device' });
