import type { PlannedDevice } from './site-plan.js';
import type { SimDeviceSpec } from './types.js';

/**
 * Registers planned devices on a running platform over its HTTP API and collects their MQTT credentials:
 * sign in, read the device-type tree, pick an OU, then per device find-or-create and issue credentials.
 * Gateways go first because other devices name their gateway's id.
 */

export class PlatformError extends Error {}

interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

type Fetch = typeof fetch;

export class PlatformClient {
  private cookies = '';
  private jwtToken = '';
  constructor(
    readonly baseUrl: string,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  private async post<T>(path: string, body: unknown): Promise<{ envelope: Envelope<T>; response: Response }> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.jwtToken ? { jwtToken: this.jwtToken } : {}),
          ...(this.cookies ? { cookie: this.cookies } : {}),
        },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw new PlatformError(`cannot reach the platform at ${this.baseUrl}: ${(error as Error).message}`);
    }
    const text = await response.text();
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new PlatformError(`POST ${path}: HTTP ${response.status}, not a JSON answer: ${text.slice(0, 200)}`);
    }
    if (typeof envelope !== 'object' || envelope === null || typeof envelope.code !== 'number') {
      throw new PlatformError(`POST ${path}: HTTP ${response.status}, not an envelope: ${text.slice(0, 200)}`);
    }
    if (envelope.code !== 0) throw new PlatformError(`POST ${path} refused (code ${envelope.code}): ${envelope.msg}`);
    return { envelope, response };
  }

  /** Posts and returns `data` of a successful envelope; any other answer throws PlatformError with the server's msg. */
  async call<T>(path: string, body: unknown): Promise<T> {
    return (await this.post<T>(path, body)).envelope.data;
  }

  async login(username: string, password: string): Promise<void> {
    const { envelope, response } = await this.post<{ jwtToken?: string; currentStaffId?: number | null }>('/server/login', {
      username,
      password,
    });
    const setCookies = response.headers.getSetCookie?.() ?? [];
    const pairs = setCookies.map((cookie) => cookie.split(';')[0]!.trim()).filter((pair) => pair.includes('='));
    this.cookies = pairs.join('; ');
    const fromCookie = pairs.find((pair) => pair.startsWith('jwtToken='))?.slice('jwtToken='.length);
    this.jwtToken = fromCookie ? decodeURIComponent(fromCookie) : (envelope.data?.jwtToken ?? '');
    if (!this.jwtToken) throw new PlatformError('login answered without a jwtToken cookie');
    if (envelope.data?.currentStaffId === null) throw new PlatformError(`user '${username}' has no usable staff account to work as`);
  }
}

interface TypeNode {
  id: number;
  key: string;
  level: number;
  children?: TypeNode[];
}

/** typeKey → deviceTypeId from `device-type/tree`. */
export async function deviceTypeIds(client: PlatformClient): Promise<Map<string, number>> {
  const tree = await client.call<TypeNode[]>('/api/v2/device-type/tree', {});
  const ids = new Map<string, number>();
  const visit = (nodes: TypeNode[] | undefined) => {
    for (const node of nodes ?? []) {
      if (node.level === 2) ids.set(node.key, node.id);
      visit(node.children);
    }
  };
  visit(tree);
  return ids;
}

export async function firstOuId(client: PlatformClient): Promise<number> {
  const ous = await client.call<{ id: number; name: string }[]>('/api/v2/ou/list', {});
  if (!ous.length) throw new PlatformError('the signed-in staff sees no operating unit; pass --ou <id>');
  return ous[0]!.id;
}

/** Runs `work` over items with at most `limit` in flight. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(runners);
  return results;
}

export interface ProvisionOptions {
  ouId: number;
  concurrency?: number;
  log?: (msg: string) => void;
}

export async function provisionDevices(client: PlatformClient, plan: PlannedDevice[], options: ProvisionOptions): Promise<SimDeviceSpec[]> {
  const typeIds = await deviceTypeIds(client);
  const missing = [...new Set(plan.map((device) => device.typeKey))].filter((key) => !typeIds.has(key));
  if (missing.length) throw new PlatformError(`the platform's device-type tree lacks: ${missing.join(', ')}`);
  const ids = new Map<string, number>();
  let created = 0;
  let reused = 0;

  const ensure = async (device: PlannedDevice): Promise<SimDeviceSpec> => {
    const page = await client.call<{ list: { id: number; code: string }[] }>('/api/v2/device/page', {
      pageSize: 100,
      pageOffset: 1,
      code: device.code,
    });
    let id = page.list.find((row) => row.code === device.code)?.id;
    if (id === undefined) {
      const gatewayId = device.gatewayCode ? ids.get(device.gatewayCode) : undefined;
      const answer = await client.call<{ id: number }>('/api/v2/device/create', {
        code: device.code,
        name: device.name,
        deviceTypeId: typeIds.get(device.typeKey),
        ouId: options.ouId,
        ...(gatewayId !== undefined ? { gatewayId } : {}),
        // The platform bounds a counter's growth by the rated power, so send what the model runs at.
        ...(device.ratingKw !== undefined ? { ratedPowerKw: device.ratingKw } : {}),
        location: { longitude: device.site.longitude, latitude: device.site.latitude, address: device.siteName },
      });
      id = answer.id;
      created++;
    } else {
      reused++;
    }
    ids.set(device.code, id);
    const credentials = await client.call<{ username: string; password: string; topic: string }>('/api/v2/device/credentials/issue', {
      id,
    });
    return {
      typeKey: device.typeKey,
      username: credentials.username,
      password: credentials.password,
      seed: device.seed,
      site: device.site,
      ratingKw: device.ratingKw,
      capacityKwh: device.capacityKwh,
      unit: device.unit,
    };
  };

  const concurrency = options.concurrency ?? 8;
  const gateways = plan.filter((device) => device.typeKey === 'edge-gateway');
  const others = plan.filter((device) => device.typeKey !== 'edge-gateway');
  const specs = new Map<PlannedDevice, SimDeviceSpec>();
  for (const group of [gateways, others]) {
    const done = await pool(group, concurrency, ensure);
    group.forEach((device, index) => specs.set(device, done[index]!));
    options.log?.(`provisioned ${specs.size}/${plan.length} devices`);
  }
  options.log?.(`devices: ${created} created, ${reused} reused`);
  return plan.map((device) => specs.get(device)!);
}
