import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AlarmEvaluator } from '../alarm/evaluator.js';
import { tenant } from '../tenancy/tenancy.schema.js';
import { analyseStation, settingsOf } from './pv-dispersion-data.js';
import { pvInverter, pvStation, pvString } from './pv.schema.js';

// Dispersion alarms (docs/pv-analytics.md, "Dispersion", "Alarms"): for every station of every tenant with a
// weather station, the strings dead over the last `windowHours` raise PV_STRING_DEAD (target: the string) and
// an inverter with a group in the worst class raises PV_DISPERSION_HIGH (target: the inverter), through the
// alarm domain's server alarms (records, bell, pushes). A dead string that produces again, a string or
// inverter left out of the analysis, and an inverter out of the worst class recover theirs. Owner connection.

const DEAD = 'PV_STRING_DEAD' as const;
const HIGH = 'PV_DISPERSION_HIGH' as const;

/** What one check did. */
export interface DispersionCheck {
  stations: number;
  raised: { scene: typeof DEAD | typeof HIGH; targetId: number; alarmId: number }[];
  recovered: { scene: typeof DEAD | typeof HIGH; targetId: number }[];
}

export class PvDispersionAlarms {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly alarms: Pick<AlarmEvaluator, 'raiseServerAlarm' | 'recoverServerAlarm'>,
  ) {}

  /** Checks every station at `now`, one check at a time. */
  check(now = Date.now()): Promise<DispersionCheck> {
    const run = this.queue.then(() => this.checkNow(now));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Checks at once, then every `minutes` (unref'd); returns the stop. */
  start(minutes: number, log: Pick<FastifyBaseLogger, 'error'>): () => void {
    const run = () => void this.check().catch((error: unknown) => log.error({ err: error }, 'PV dispersion: the alarm check failed'));
    const first = setTimeout(run, 5_000);
    const timer = setInterval(run, minutes * 60_000);
    first.unref();
    timer.unref();
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }

  private async checkNow(now: number): Promise<DispersionCheck> {
    const stations = await this.db
      .select({ s: pvStation, tenantZone: tenant.timeZone })
      .from(pvStation)
      .innerJoin(tenant, eq(tenant.id, pvStation.tenantId))
      .where(and(isNotNull(pvStation.weatherStationId), eq(pvStation.status, 'enabled')));
    const out: DispersionCheck = { stations: 0, raised: [], recovered: [] };
    for (const { s, tenantZone } of stations) {
      const withDevices = await this.db
        .select({ id: pvString.id })
        .from(pvString)
        .where(and(eq(pvString.stationId, s.id), isNotNull(pvString.deviceId)))
        .limit(1);
      if (!withDevices.length) continue;
      out.stations++;
      await this.checkStation(now, { ...s, timeZone: s.timeZone ?? tenantZone }, out);
    }
    return out;
  }

  private async checkStation(now: number, s: typeof pvStation.$inferSelect & { timeZone: string }, out: DispersionCheck) {
    const ref = { id: s.id, timeZone: s.timeZone, weatherStationId: s.weatherStationId };
    const { config } = await settingsOf(this.db, s.id);
    const from = now - config.windowHours * 3_600_000;
    const { settings, units, figures, inverters } = await analyseStation(this.db, ref, from, now);
    const worst = settings.classes.length - 1;
    const code = new Map(inverters.map((i) => [i.id, i.code]));
    const stringsAll = await this.db
      .select({ id: pvString.id, code: pvString.code, inverterId: pvString.inverterId, deviceId: pvString.deviceId })
      .from(pvString)
      .where(eq(pvString.stationId, s.id));
    const excludedInverters = new Set(inverters.filter((i) => i.excluded).map((i) => i.id));
    const raise = async (scene: typeof DEAD | typeof HIGH, targetId: number, name: string, content: string, deviceId: number | null) => {
      const alarmId = await this.alarms.raiseServerAlarm({ tenantId: s.tenantId, scene, targetId, ouId: s.ouId, name, content, deviceId });
      if (alarmId != null) out.raised.push({ scene, targetId, alarmId });
    };
    const recover = async (scene: typeof DEAD | typeof HIGH, targetId: number, remark: string) => {
      if (await this.alarms.recoverServerAlarm({ tenantId: s.tenantId, scene, targetId, remark })) out.recovered.push({ scene, targetId });
    };
    // strings: dead raises; producing again or left out recovers; no data in the window keeps what is
    for (const str of stringsAll) {
      const f = figures.find((x) => x.id === str.id);
      const inverterCode = code.get(str.inverterId) ?? '';
      // demo strings are coded INV-01-S07: the inverter's code is said once
      const name = str.code.startsWith(inverterCode) ? `${s.code} ${str.code}` : `${s.code} ${inverterCode} ${str.code}`;
      if (excludedInverters.has(str.inverterId) || f?.state === 'excluded')
        await recover(DEAD, str.id, 'the string was left out of the dispersion analysis');
      else if (f?.state === 'dead')
        await raise(
          DEAD,
          str.id,
          name,
          `String ${name} gives no current while the other strings of its inverter produce (${f.deadBuckets} of ${f.qualifyingBuckets} qualifying 15 min buckets dead in the last ${settings.config.windowHours} h)`,
          str.deviceId,
        );
      else if (f?.state === 'normal' || f?.state === 'weak') await recover(DEAD, str.id, 'the string produces again');
    }
    // inverters: any group in the worst class raises; all groups analysed and better recovers
    const allInverters = await this.db
      .select({ id: pvInverter.id, code: pvInverter.code })
      .from(pvInverter)
      .where(eq(pvInverter.stationId, s.id));
    for (const inv of allInverters) {
      const mine = units.filter((u) => u.inverterId === inv.id);
      const bad = mine.filter((u) => u.classIndex === worst);
      const name = `${s.code} ${inv.code}`;
      if (excludedInverters.has(inv.id)) await recover(HIGH, inv.id, 'the inverter was left out of the dispersion analysis');
      else if (bad.length) {
        const u = bad[0]!;
        const where = u.mpptInput == null ? '' : ` (MPPT ${u.mpptInput})`;
        await raise(
          HIGH,
          inv.id,
          name,
          `String dispersion of ${name}${where}: ${u.ratePercent!.toFixed(2)} %, class ${u.className} over the last ${settings.config.windowHours} h`,
          null,
        );
      } else if (mine.some((u) => u.status === 'analysed')) await recover(HIGH, inv.id, 'the dispersion left the worst class');
    }
  }
}
