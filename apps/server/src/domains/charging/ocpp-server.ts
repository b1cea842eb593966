import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { charging as contract } from '@energy/contracts';
import { and, asc, eq, gt, isNull, sql, type Column } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { RPCServer, createRPCError } from 'ocpp-rpc';
import type { Db } from '../../db/client.js';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords.js';
import type { AlarmEvaluator } from '../alarm/evaluator.js';
import { tenant } from '../tenancy/tenancy.schema.js';
import { chargingCost, chargingGun, chargingMeterValue, chargingPile, chargingSession, chargingStation } from './charging.schema.js';
import { priceChargingSession, type PriceVersion } from './pricing.js';

// The OCPP 1.6J central system (docs/charging.md): charge points connect to /ocpp/{chargePointId} with
// subprotocol ocpp1.6 and basic auth (security profile 1). It runs without a staff session: like the MQTT
// ingest, it reads and writes on the owner connection, each row with its pile's tenant.

export const OCPP_PREFIX = '/ocpp/';
export const OCPP_SUBPROTOCOL = 'ocpp1.6';
const HEARTBEAT_SECONDS = 300;
/** How long a staff's command waits for the charge point's answer. */
export const COMMAND_TIMEOUT_MS = 15_000;
const FAULT_SCENE = 'CONNECTOR_FAULTED' as const;
const STATUSES = new Set<string>(contract.CONNECTOR_STATUSES);

interface PileInfo {
  id: number;
  tenantId: string;
  stationId: number;
  ouId: number;
  code: string;
  identity: string;
  timeZone: string;
}

/** Something a connected charge point exposes to the central system. */
interface Connected {
  call(method: string, params?: unknown, options?: Record<string, unknown>): Promise<unknown>;
  close(options?: Record<string, unknown>): Promise<unknown>;
}

type Params = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const int = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v)
    ? Math.trunc(v)
    : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)
      ? Math.trunc(Number(v))
      : undefined;
/** A charger's timestamp, or now when it sent none or nonsense (lenient). */
const when = (v: unknown) => {
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(t) ? new Date(t) : new Date();
};
const violation = (message: string) => createRPCError('FormationViolation', message);

/** Energy.Active.Import.Register readings (Wh) of OCPP meterValue entries. */
export function registerReadings(meterValue: unknown): { ts: Date; wh: number }[] {
  if (!Array.isArray(meterValue)) return [];
  const out: { ts: Date; wh: number }[] = [];
  for (const mv of meterValue as Params[]) {
    const sampled = Array.isArray(mv?.sampledValue) ? (mv.sampledValue as Params[]) : [];
    for (const sv of sampled) {
      const measurand = str(sv.measurand) ?? 'Energy.Active.Import.Register';
      if (measurand !== 'Energy.Active.Import.Register') continue;
      const phase = str(sv.phase);
      if (phase) continue;
      const value = Number(sv.value);
      if (!Number.isFinite(value)) continue;
      const wh = str(sv.unit) === 'kWh' ? Math.round(value * 1000) : Math.round(value);
      out.push({ ts: when(mv.timestamp), wh });
      break;
    }
  }
  return out;
}

/** Who is told of a pile's or gun's change (live pages). */
export type ChargingListener = (event: { tenantId: string; ouId: number; stationId: number; pileId: number }) => void;

/** The OCPP central system: connections, the messages of charge points, and commands to them. */
export class CentralSystem {
  private readonly server = new RPCServer({
    protocols: [OCPP_SUBPROTOCOL],
    strictMode: false,
    callTimeoutMs: 30_000,
    pingIntervalMs: 60_000,
  });
  private readonly clients = new Map<string, Connected>();
  readonly changed = new Set<ChargingListener>();
  /** Messages handled, by action (the bench reads it). */
  readonly handled = new Map<string, number>();
  private log: FastifyBaseLogger | null = null;
  private readonly closing: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly alarms: Pick<AlarmEvaluator, 'raiseServerAlarm' | 'recoverServerAlarm'>,
  ) {
    this.server.auth((accept, reject, handshake) => {
      void this.authenticate(handshake.identity, handshake.password, handshake.protocols, handshake.endpoint).then(
        (pile) => (pile ? accept({ pile }, OCPP_SUBPROTOCOL) : reject(401, 'Unauthorized')),
        (err: unknown) => {
          this.log?.error({ err }, 'ocpp: a charge point could not be authenticated');
          reject(500, 'Internal Server Error');
        },
      );
    });
    this.server.on('client', (client) => this.attach(client as unknown as Connected & OcppClient));
  }

  /**
   * Serves /ocpp/{id} upgrades on the app's HTTP server. @fastify/websocket (the STOMP endpoint) listens
   * to 'upgrade' and routes every upgrade through Fastify; so that one socket never has two owners, its
   * listeners are moved behind one dispatcher: /ocpp/ to this server, anything else to them as before.
   */
  mount(app: FastifyInstance) {
    this.log = app.log;
    const server = app.server;
    const others = server.listeners('upgrade') as ((req: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
    server.removeAllListeners('upgrade');
    const ocpp = this.server.handleUpgrade;
    const dispatch = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if ((req.url ?? '').startsWith(OCPP_PREFIX)) return void ocpp(req, socket as never, head);
      for (const fn of others) fn.call(server, req, socket, head);
    };
    server.on('upgrade', dispatch);
    app.addHook('preClose', async () => {
      server.removeListener('upgrade', dispatch);
      await this.server.close({ code: 1001, reason: 'server shutting down', awaitPending: false, force: true });
      this.clients.clear();
      for (const fn of this.closing) fn();
    });
  }

  private async authenticate(
    identity: string,
    password: Buffer | undefined,
    protocols: Set<string>,
    endpoint: string,
  ): Promise<PileInfo | null> {
    if (endpoint !== '/ocpp' || !protocols.has(OCPP_SUBPROTOCOL) || !identity) return null;
    const [row] = await this.db
      .select({
        id: chargingPile.id,
        tenantId: chargingPile.tenantId,
        stationId: chargingPile.stationId,
        ouId: chargingStation.ouId,
        code: chargingPile.code,
        identity: chargingPile.ocppIdentity,
        hash: chargingPile.passwordHash,
        timeZone: tenant.timeZone,
      })
      .from(chargingPile)
      .innerJoin(chargingStation, eq(chargingStation.id, chargingPile.stationId))
      .innerJoin(tenant, eq(tenant.id, chargingPile.tenantId))
      .where(eq(chargingPile.ocppIdentity, identity));
    // the same work for an unknown identity as for a wrong password
    const ok = await verifyPassword(password?.toString('utf8') ?? '', row?.hash ?? DUMMY_HASH);
    if (!row || !row.hash || !ok) {
      this.log?.info({ identity: identity.slice(0, 48) }, 'ocpp: charge point refused (unknown, no credentials, or a wrong password)');
      return null;
    }
    const { hash: _h, ...pile } = row;
    return pile;
  }

  private attach(client: Connected & OcppClient) {
    const pile = client.session.pile as PileInfo;
    const previous = this.clients.get(pile.identity);
    this.clients.set(pile.identity, client);
    // a charge point that reconnects replaces its old connection
    if (previous && previous !== client)
      void previous.close({ code: 1000, reason: 'replaced by a new connection', force: true }).catch(() => {});
    void this.setOnline(pile, true);
    client.on('close', () => {
      if (this.clients.get(pile.identity) !== client) return;
      this.clients.delete(pile.identity);
      void this.setOnline(pile, false);
    });
    const on = (action: string, fn: (p: Params) => Promise<unknown>) =>
      client.handle(action, async ({ params }: { params?: unknown }) => {
        this.handled.set(action, (this.handled.get(action) ?? 0) + 1);
        return fn((params ?? {}) as Params);
      });
    on('BootNotification', (p) => this.boot(pile, p));
    on('Heartbeat', async () => {
      await this.seen(pile);
      return { currentTime: new Date().toISOString() };
    });
    on('StatusNotification', (p) => this.status(pile, p));
    on('Authorize', async () => ({ idTagInfo: { status: 'Accepted' } }));
    on('StartTransaction', (p) => this.start(pile, p));
    on('MeterValues', (p) => this.meterValues(pile, p));
    on('StopTransaction', (p) => this.stop(pile, p));
    on('DataTransfer', async (p) => {
      this.log?.info({ pile: pile.identity, vendorId: str(p.vendorId), messageId: str(p.messageId) }, 'ocpp: DataTransfer');
      return { status: 'UnknownVendorId' };
    });
  }

  /** Sends a command to a connected pile; answers its status (Accepted, Rejected, ...). */
  async send(identity: string, action: string, payload: Params): Promise<string> {
    const client = this.clients.get(identity);
    if (!client) throw Object.assign(new Error('not connected'), { notConnected: true });
    // the staff's request waits for the answer (its transaction open): a charger that does not answer
    // within COMMAND_TIMEOUT_MS fails the command
    const answer = (await client.call(action, payload, { callTimeoutMs: COMMAND_TIMEOUT_MS })) as Params | undefined;
    return str(answer?.status) ?? 'Unknown';
  }

  /** Called when the app closes (after the connections). */
  onClose(fn: () => void) {
    this.closing.push(fn);
  }

  isConnected(identity: string) {
    return this.clients.has(identity);
  }

  async disconnect(identity: string, reason: string) {
    await this.clients.get(identity)?.close({ code: 1000, reason, force: true });
  }

  private notify(pile: PileInfo) {
    for (const fn of this.changed) fn({ tenantId: pile.tenantId, ouId: pile.ouId, stationId: pile.stationId, pileId: pile.id });
  }

  private async setOnline(pile: PileInfo, online: boolean) {
    try {
      await this.db
        .update(chargingPile)
        .set({ online, lastSeenAt: new Date() })
        .where(and(eq(chargingPile.id, pile.id), eq(chargingPile.tenantId, pile.tenantId)));
      this.notify(pile);
    } catch (err) {
      this.log?.error({ err, pile: pile.identity }, 'ocpp: online state not saved');
    }
  }

  private seen(pile: PileInfo) {
    return this.db.update(chargingPile).set({ lastSeenAt: new Date(), online: true }).where(eq(chargingPile.id, pile.id));
  }

  private async boot(pile: PileInfo, p: Params) {
    await this.db
      .update(chargingPile)
      .set({ online: true, lastSeenAt: new Date(), firmwareVersion: str(p.firmwareVersion)?.slice(0, 50) ?? null })
      .where(eq(chargingPile.id, pile.id));
    this.notify(pile);
    return { status: 'Accepted', currentTime: new Date().toISOString(), interval: HEARTBEAT_SECONDS };
  }

  /** A status applies only when it is newer (by the charger's timestamp) than the one stored; an unknown value becomes 'Unknown'. */
  private async status(pile: PileInfo, p: Params) {
    const connectorId = int(p.connectorId);
    if (connectorId === undefined || connectorId < 0) throw violation('connectorId is required');
    let status = str(p.status) ?? 'Unknown';
    if (!STATUSES.has(status)) {
      this.log?.warn({ pile: pile.identity, status: status.slice(0, 40) }, 'ocpp: unknown connector status, kept as Unknown');
      status = 'Unknown';
    }
    const errorCode = str(p.errorCode)?.slice(0, 50) ?? null;
    const at = when(p.timestamp);
    const newer = (column: Column) => sql`(${column} is null or ${column} <= ${at.toISOString()}::timestamptz)`;
    if (connectorId === 0) {
      await this.db
        .update(chargingPile)
        .set({ status, statusAt: at, lastSeenAt: new Date() })
        .where(and(eq(chargingPile.id, pile.id), newer(chargingPile.statusAt)));
      this.notify(pile);
      return {};
    }
    const [gun] = await this.db
      .select()
      .from(chargingGun)
      .where(and(eq(chargingGun.pileId, pile.id), eq(chargingGun.number, connectorId)));
    if (!gun) {
      this.log?.warn({ pile: pile.identity, connectorId }, 'ocpp: status of a connector the pile does not have');
      return {};
    }
    const updated = await this.db
      .update(chargingGun)
      .set({ status, errorCode: errorCode === 'NoError' ? null : errorCode, statusAt: at, updatedAt: new Date() })
      .where(and(eq(chargingGun.id, gun.id), newer(chargingGun.statusAt)))
      .returning({ id: chargingGun.id });
    if (!updated.length) return {}; // older than what we have: arrived late
    const name = `${pile.code} gun ${connectorId}`;
    if (status === 'Faulted')
      await this.alarms.raiseServerAlarm({
        tenantId: pile.tenantId,
        scene: FAULT_SCENE,
        targetId: gun.id,
        ouId: pile.ouId,
        name,
        content: `${name} faulted: ${errorCode ?? 'no error code'}${str(p.info) ? ` (${str(p.info)!.slice(0, 50)})` : ''}`,
      });
    else
      await this.alarms.recoverServerAlarm({
        tenantId: pile.tenantId,
        scene: FAULT_SCENE,
        targetId: gun.id,
        remark: `the connector is ${status}`,
      });
    this.notify(pile);
    return {};
  }

  /**
   * A transaction: its id is the session row's. A StartTransaction repeated after a reconnect (the same
   * connector, idTag and meterStart while that session is open) answers the open session again.
   */
  private async start(pile: PileInfo, p: Params) {
    const connectorId = int(p.connectorId);
    const meterStart = int(p.meterStart);
    const idTag = str(p.idTag)?.slice(0, 20);
    if (!connectorId || connectorId < 1 || meterStart === undefined || !idTag)
      throw violation('connectorId, idTag and meterStart are required');
    const startedAt = when(p.timestamp);
    const [open] = await this.db
      .select()
      .from(chargingSession)
      .where(and(eq(chargingSession.pileId, pile.id), eq(chargingSession.connectorId, connectorId), isNull(chargingSession.stoppedAt)));
    if (open && open.idTag === idTag && open.meterStartWh === meterStart)
      return { transactionId: open.id, idTagInfo: { status: 'Accepted' } };
    if (open) {
      // the charger lost a session we still have open: it ended where the last reading was
      await this.finish(pile, open, {
        meterStop: open.lastMeterWh,
        at: new Date(Math.max(open.startedAt.getTime(), startedAt.getTime() - 1)),
        reason: 'Superseded',
      });
    }
    const [row] = await this.db
      .insert(chargingSession)
      .values({
        tenantId: pile.tenantId,
        stationId: pile.stationId,
        pileId: pile.id,
        connectorId,
        idTag,
        startedAt,
        meterStartWh: meterStart,
        lastMeterWh: meterStart,
      })
      .returning({ id: chargingSession.id });
    this.notify(pile);
    return { transactionId: row!.id, idTagInfo: { status: 'Accepted' } };
  }

  private async sessionOf(pile: PileInfo, transactionId: number | undefined) {
    if (transactionId === undefined) return undefined;
    const [row] = await this.db
      .select()
      .from(chargingSession)
      .where(and(eq(chargingSession.id, transactionId), eq(chargingSession.pileId, pile.id)));
    return row;
  }

  private async meterValues(pile: PileInfo, p: Params) {
    const session = await this.sessionOf(pile, int(p.transactionId));
    const readings = registerReadings(p.meterValue);
    if (!session || session.stoppedAt || !readings.length) return {};
    await this.db
      .insert(chargingMeterValue)
      .values(readings.map((r) => ({ sessionId: session.id, tenantId: pile.tenantId, ts: r.ts, wh: r.wh })))
      .onConflictDoNothing();
    const latest = readings.reduce((a, b) => (b.ts >= a.ts ? b : a));
    await this.db
      .update(chargingSession)
      .set({ lastMeterWh: sql`greatest(${chargingSession.lastMeterWh}, ${latest.wh})` })
      .where(eq(chargingSession.id, session.id));
    this.notify(pile);
    return {};
  }

  private async stop(pile: PileInfo, p: Params) {
    const session = await this.sessionOf(pile, int(p.transactionId));
    const meterStop = int(p.meterStop);
    if (meterStop === undefined) throw violation('meterStop is required');
    if (!session) {
      this.log?.warn({ pile: pile.identity, transactionId: p.transactionId }, 'ocpp: StopTransaction of an unknown transaction');
      return { idTagInfo: { status: 'Invalid' } };
    }
    if (session.stoppedAt) return { idTagInfo: { status: 'Accepted' } }; // a repeat after a reconnect
    const extra = registerReadings(p.transactionData);
    if (extra.length)
      await this.db
        .insert(chargingMeterValue)
        .values(extra.map((r) => ({ sessionId: session.id, tenantId: pile.tenantId, ts: r.ts, wh: r.wh })))
        .onConflictDoNothing();
    await this.finish(pile, session, { meterStop, at: when(p.timestamp), reason: str(p.reason)?.slice(0, 40) ?? 'Local' });
    return { idTagInfo: { status: 'Accepted' } };
  }

  /** Ends a session and prices it (pricing.ts) with the station's price versions. */
  private async finish(pile: PileInfo, session: typeof chargingSession.$inferSelect, end: { meterStop: number; at: Date; reason: string }) {
    const stopAt = end.at < session.startedAt ? session.startedAt : end.at;
    const values = await this.db
      .select({ ts: chargingMeterValue.ts, wh: chargingMeterValue.wh })
      .from(chargingMeterValue)
      .where(and(eq(chargingMeterValue.sessionId, session.id), gt(chargingMeterValue.ts, session.startedAt)))
      .orderBy(asc(chargingMeterValue.ts));
    const samples = [
      { ts: session.startedAt.getTime(), wh: session.meterStartWh },
      ...values.filter((v) => v.ts < stopAt).map((v) => ({ ts: v.ts.getTime(), wh: v.wh })),
      { ts: stopAt.getTime(), wh: end.meterStop },
    ];
    const versions: PriceVersion[] = (await this.db.select().from(chargingCost).where(eq(chargingCost.stationId, session.stationId))).map(
      (v) => ({ effectiveFrom: v.effectiveFrom, currency: v.currency, bands: v.bands, serviceFee: v.serviceFee }),
    );
    const priced = priceChargingSession(samples, versions, pile.timeZone);
    await this.db
      .update(chargingSession)
      .set({
        stoppedAt: stopAt,
        meterStopWh: end.meterStop,
        lastMeterWh: end.meterStop,
        stopReason: end.reason,
        currency: priced?.currency ?? null,
        bands: priced?.bands ?? [],
        energyFee: priced?.energyFee ?? null,
        serviceFee: priced?.serviceFee ?? null,
        costCents: priced?.costCents ?? null,
      })
      .where(eq(chargingSession.id, session.id));
    this.notify(pile);
  }
}

/** What ocpp-rpc's server client offers beyond `Connected`. */
interface OcppClient {
  session: Record<string, unknown>;
  on(event: 'close', fn: () => void): void;
  handle(method: string, fn: (args: { params?: unknown }) => Promise<unknown>): void;
}
