import { RPCClient } from 'ocpp-rpc';
import { localTime } from '../local-time.js';
import { between, unit } from '../random.js';

// A simulated EV charge point speaking OCPP 1.6J over WebSocket (ocpp-rpc's client): boot, heartbeat,
// cars arriving at random (busier in working hours), authorise, charge with a realistic power curve
// (the lower of the gun's and the car's limit, tapering over the last 20 % of the energy), meter values,
// stop, and a connector fault now and then that clears after a while. The same session plan serves the
// history the demo writes for the past 30 days (planSessions) and the live run.

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** One planned charging session of a gun. */
export interface PlannedSession {
  connectorId: number;
  start: number;
  /** When the energy is all delivered (the car may stay plugged in a little longer). */
  end: number;
  /** kW before the taper. */
  powerKw: number;
  /** Wh delivered in all. */
  energyWh: number;
  idTag: string;
}

/** Energy (Wh) of a session delivered by instant t: constant power, then a linear taper over the last 20 %. */
export function sessionEnergyAt(s: PlannedSession, t: number): number {
  if (t <= s.start) return 0;
  if (t >= s.end) return s.energyWh;
  const flatEnergy = s.energyWh * 0.8;
  const flatMs = (flatEnergy / (s.powerKw * 1000)) * HOUR;
  const elapsed = t - s.start;
  if (elapsed <= flatMs) return Math.round((s.powerKw * 1000 * elapsed) / HOUR);
  // the taper: power falls linearly from powerKw to 0 over the rest, so its energy is the triangle's
  const taperMs = s.end - s.start - flatMs;
  const x = Math.min(1, (elapsed - flatMs) / taperMs);
  return Math.round(flatEnergy + s.energyWh * 0.2 * (2 * x - x * x));
}

/** Power (kW) of a session at instant t. */
export function sessionPowerAt(s: PlannedSession, t: number): number {
  if (t <= s.start || t >= s.end) return 0;
  const flatMs = ((s.energyWh * 0.8) / (s.powerKw * 1000)) * HOUR;
  const elapsed = t - s.start;
  if (elapsed <= flatMs) return s.powerKw;
  return s.powerKw * (1 - (elapsed - flatMs) / (s.end - s.start - flatMs));
}

/** Mean arrivals per hour at a gun by local time: busy in working hours, quiet at night and at weekends. */
function arrivalRate(timeZone: string, t: number): number {
  const local = localTime(timeZone, t);
  const h = local.hour;
  const base = h >= 7 && h < 9 ? 0.35 : h >= 9 && h < 18 ? 0.3 : h >= 18 && h < 22 ? 0.2 : 0.04;
  return base * (local.weekday === 0 || local.weekday === 6 ? 0.5 : 1);
}

/**
 * The sessions of one gun in [from, to), deterministic in (seed, connectorId): at most one arrival per
 * hour (drawn against the hour's rate), skipped while the gun is busy. Energy 8-60 kWh, the car's limit
 * 7-150 kW (capped by the gun's rating).
 */
export function planSessions(
  seed: number,
  connectorId: number,
  gunKw: number,
  timeZone: string,
  from: number,
  to: number,
): PlannedSession[] {
  const out: PlannedSession[] = [];
  let busyUntil = from;
  for (let hour = Math.floor(from / HOUR); hour * HOUR < to; hour++) {
    const t0 = hour * HOUR;
    if (unit(seed, connectorId, hour, 1) > arrivalRate(timeZone, t0 + HOUR / 2)) continue;
    const start = t0 + Math.floor(unit(seed, connectorId, hour, 2) * HOUR);
    if (start < busyUntil || start < from || start >= to) continue;
    const powerKw = Math.round(Math.min(gunKw, between(7, 150, seed, connectorId, hour, 3)) * 10) / 10;
    const energyWh = Math.round(between(8_000, 60_000, seed, connectorId, hour, 4));
    // the flat part at full power, the taper at half power on average
    const durationMs = ((energyWh * 0.8) / (powerKw * 1000) + (energyWh * 0.2) / (powerKw * 500)) * HOUR;
    const end = start + Math.round(durationMs);
    const idTag = `CARD-${String(Math.floor(unit(seed, connectorId, hour, 5) * 40) + 1).padStart(3, '0')}`;
    out.push({ connectorId, start, end, powerKw, energyWh, idTag });
    busyUntil = end + 5 * MINUTE;
  }
  return out;
}

export interface ChargePointOptions {
  /** ws://host:port/ocpp (the identity is appended). */
  url: string;
  identity: string;
  password: string;
  /** Rated kW of each gun, connector 1 first. */
  guns: number[];
  seed: number;
  timeZone: string;
  /** Meter values of a charging gun every this many seconds (ChangeConfiguration may change it). */
  meterIntervalSeconds?: number;
  /** The register of each gun at start (Wh). */
  registerWh?: number;
  log?: (message: string, error?: unknown) => void;
}

interface GunState {
  connectorId: number;
  kw: number;
  registerWh: number;
  session?: PlannedSession & { transactionId: number; meterStart: number };
  faultedUntil?: number;
}

/** One simulated charge point, live. */
export class SimulatedChargePoint {
  private readonly client: RPCClient;
  private readonly guns: GunState[];
  private timers: NodeJS.Timeout[] = [];
  private intervalSeconds: number;
  /** Messages sent (the bench counts them). */
  sent = 0;

  constructor(private readonly opts: ChargePointOptions) {
    this.client = new RPCClient({
      endpoint: opts.url,
      identity: opts.identity,
      password: opts.password,
      protocols: ['ocpp1.6'],
      strictMode: false,
      reconnect: true,
      maxReconnects: Infinity,
      backoff: { initialDelay: 1000, maxDelay: 30_000, factor: 2, randomisationFactor: 0.25 },
    } as unknown as ConstructorParameters<typeof RPCClient>[0]);
    this.guns = opts.guns.map((kw, i) => ({
      connectorId: i + 1,
      kw,
      registerWh: opts.registerWh ?? Math.round(between(1e6, 5e7, opts.seed, i)),
    }));
    this.intervalSeconds = opts.meterIntervalSeconds ?? 60;
    this.client.handle('RemoteStartTransaction', async ({ params }) => {
      const p = params as { connectorId?: number; idTag: string };
      const gun = this.guns.find((g) => g.connectorId === (p.connectorId ?? 1));
      if (!gun || gun.session || gun.faultedUntil) return { status: 'Rejected' };
      setTimeout(() => void this.begin(gun, p.idTag, Date.now()).catch((e: unknown) => this.opts.log?.('remote start failed', e)), 50);
      return { status: 'Accepted' };
    });
    this.client.handle('RemoteStopTransaction', async ({ params }) => {
      const gun = this.guns.find((g) => g.session?.transactionId === (params as { transactionId: number }).transactionId);
      if (!gun) return { status: 'Rejected' };
      setTimeout(() => void this.finish(gun, 'Remote').catch((e: unknown) => this.opts.log?.('remote stop failed', e)), 50);
      return { status: 'Accepted' };
    });
    this.client.handle('Reset', async () => ({ status: 'Accepted' }));
    this.client.handle('ChangeAvailability', async () => ({ status: 'Accepted' }));
    this.client.handle('ChangeConfiguration', async ({ params }) => {
      const p = params as { key: string; value: string };
      if ((p.key === 'ClockAlignedDataInterval' || p.key === 'MeterValueSampleInterval') && /^\d+$/.test(p.value)) {
        this.intervalSeconds = Math.max(10, Number(p.value));
        return { status: 'Accepted' };
      }
      return { status: 'NotSupported' };
    });
    this.client.on('open', () => void this.boot().catch((e: unknown) => this.opts.log?.('boot failed', e)));
  }

  private call(method: string, params: unknown) {
    this.sent++;
    return this.client.call(method, params) as Promise<Record<string, unknown>>;
  }

  async start() {
    await this.client.connect();
    this.timers.push(setInterval(() => void this.tick().catch((e: unknown) => this.opts.log?.('tick failed', e)), 10_000));
  }

  async stop() {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.client.close({ force: true }).catch(() => {});
  }

  private async boot() {
    await this.call('BootNotification', {
      chargePointVendor: 'SimCharge',
      chargePointModel: `DC${Math.max(...this.opts.guns)}`,
      firmwareVersion: 'sim-1.0',
    });
    const now = new Date().toISOString();
    await this.call('StatusNotification', { connectorId: 0, errorCode: 'NoError', status: 'Available', timestamp: now });
    for (const g of this.guns)
      await this.call('StatusNotification', {
        connectorId: g.connectorId,
        errorCode: g.faultedUntil ? 'GroundFailure' : 'NoError',
        status: g.faultedUntil ? 'Faulted' : g.session ? 'Charging' : 'Available',
        timestamp: now,
      });
  }

  private lastHeartbeat = 0;
  private lastMeter = 0;

  /** Every 10 s: heartbeat now and then, arrivals, meter values, ends, faults. */
  private async tick() {
    const now = Date.now();
    if (now - this.lastHeartbeat > 300_000) {
      this.lastHeartbeat = now;
      await this.call('Heartbeat', {});
    }
    const meter = now - this.lastMeter >= this.intervalSeconds * 1000;
    if (meter) this.lastMeter = now;
    for (const g of this.guns) {
      if (g.faultedUntil && now >= g.faultedUntil) {
        g.faultedUntil = undefined;
        await this.call('StatusNotification', {
          connectorId: g.connectorId,
          errorCode: 'NoError',
          status: 'Available',
          timestamp: new Date(now).toISOString(),
        });
      }
      if (g.session) {
        if (now >= g.session.end) await this.finish(g, 'EVDisconnected');
        else if (meter) await this.meterValues(g, now);
        continue;
      }
      if (g.faultedUntil) continue;
      const tick = Math.floor(now / 10_000);
      // a fault about once a week per gun, cleared after 10-40 minutes
      if (unit(this.opts.seed, g.connectorId, tick, 7) < 1 / (7 * 24 * 360)) {
        g.faultedUntil = now + between(10, 40, this.opts.seed, g.connectorId, tick, 8) * MINUTE;
        await this.call('StatusNotification', {
          connectorId: g.connectorId,
          errorCode: 'GroundFailure',
          status: 'Faulted',
          timestamp: new Date(now).toISOString(),
        });
        continue;
      }
      // arrivals: the hour's rate spread over its 360 ticks
      if (unit(this.opts.seed, g.connectorId, tick, 9) < arrivalRate(this.opts.timeZone, now) / 360) {
        const idTag = `CARD-${String(Math.floor(unit(this.opts.seed, tick, 10) * 40) + 1).padStart(3, '0')}`;
        await this.begin(g, idTag, now);
      }
    }
  }

  private async begin(g: GunState, idTag: string, now: number) {
    const plan = planSessions(this.opts.seed ^ Math.floor(now / HOUR), g.connectorId, g.kw, this.opts.timeZone, now - HOUR, now + HOUR)[0];
    const powerKw = plan?.powerKw ?? Math.min(g.kw, 40);
    const energyWh = plan?.energyWh ?? 20_000;
    const durationMs = ((energyWh * 0.8) / (powerKw * 1000) + (energyWh * 0.2) / (powerKw * 500)) * HOUR;
    const at = new Date(now).toISOString();
    await this.call('StatusNotification', { connectorId: g.connectorId, errorCode: 'NoError', status: 'Preparing', timestamp: at });
    await this.call('Authorize', { idTag });
    const answer = await this.call('StartTransaction', { connectorId: g.connectorId, idTag, meterStart: g.registerWh, timestamp: at });
    g.session = {
      connectorId: g.connectorId,
      start: now,
      end: now + Math.round(durationMs),
      powerKw,
      energyWh,
      idTag,
      transactionId: Number(answer.transactionId),
      meterStart: g.registerWh,
    };
    await this.call('StatusNotification', { connectorId: g.connectorId, errorCode: 'NoError', status: 'Charging', timestamp: at });
  }

  private async meterValues(g: GunState, now: number) {
    const s = g.session!;
    const wh = s.meterStart + sessionEnergyAt(s, now);
    await this.call('MeterValues', {
      connectorId: g.connectorId,
      transactionId: s.transactionId,
      meterValue: [
        {
          timestamp: new Date(now).toISOString(),
          sampledValue: [
            { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic' },
            { value: sessionPowerAt(s, now).toFixed(1), measurand: 'Power.Active.Import', unit: 'kW', context: 'Sample.Periodic' },
          ],
        },
      ],
    });
  }

  private async finish(g: GunState, reason: string) {
    const s = g.session!;
    const now = Date.now();
    const meterStop = s.meterStart + sessionEnergyAt(s, now);
    g.session = undefined;
    g.registerWh = meterStop;
    const at = new Date(now).toISOString();
    await this.call('StopTransaction', { transactionId: s.transactionId, meterStop, timestamp: at, reason, idTag: s.idTag });
    await this.call('StatusNotification', { connectorId: g.connectorId, errorCode: 'NoError', status: 'Available', timestamp: at });
  }
}
