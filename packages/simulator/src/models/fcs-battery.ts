import { unit as unitRandom } from '../random.js';

/**
 * The FCS's battery configuration (docs/bsa.md, "Configuration to the edge"): the platform publishes the
 * station's units and the points their templates give them on `devices/{username}/commands/bsa-config`;
 * the FCS checks it, answers `{publishId, accepted, reason?}` on its ack topic, and from then on reports
 * its racks, packs and cells on `devices/{username}/battery` with the configured points:
 * `{version, ts, rack: {keys, rows: [[unitId, ...values]]}, pack: {...}, cell: {...}}`.
 *
 * What it refuses: a configuration with a unit that reports no point (built without a template), a
 * template without a point the FCS needs to run its battery (rack soc, pack voltage, cell voltage,
 * temperature and soc), and more points than it holds (MAX_POINTS).
 */

type Level = 'rack' | 'pack' | 'cell';
const LEVELS: Level[] = ['rack', 'pack', 'cell'];

export interface ConfigPoint {
  key: string;
  min: number;
  max: number;
}

/** What the platform sends (the fields the FCS uses). */
export interface BatteryConfigCommand {
  publishId: number;
  version: number;
  templates: { id: number; level: Level; name: string; points: ConfigPoint[] }[];
  units: Record<Level, [id: number, code: string, templateId: number | null, parentId: number][]>;
}

/** The points this FCS holds at most. */
export const MAX_POINTS = 50_000;
const NEEDED: Record<Level, string[]> = { rack: ['soc'], pack: ['voltage'], cell: ['voltage', 'temperature', 'soc'] };

interface Unit {
  id: number;
  code: string;
  points: ConfigPoint[];
  children: Unit[];
}

/** A configuration the FCS accepted: the units as a tree, and the report it makes of them. */
export interface BatteryConfig {
  version: number;
  racks: Unit[];
  points: Record<Level, string[]>;
}

/** Checks a configuration: the accepted form, or the reason it is refused. */
export function acceptConfig(command: BatteryConfigCommand): { ok: true; config: BatteryConfig } | { ok: false; reason: string } {
  if (!Number.isInteger(command.version) || !command.units || !Array.isArray(command.templates))
    return { ok: false, reason: 'the configuration has no version, units or templates' };
  const templates = new Map(command.templates.map((t) => [t.id, t]));
  for (const t of command.templates) {
    const missing = (NEEDED[t.level] ?? []).filter((key) => !t.points.some((p) => p.key === key));
    if (missing.length) return { ok: false, reason: `${t.level} template ${t.name} does not report ${missing.join(', ')}` };
  }
  let total = 0;
  const byId: Record<Level, Map<number, Unit>> = { rack: new Map(), pack: new Map(), cell: new Map() };
  const racks: Unit[] = [];
  for (const level of LEVELS) {
    for (const [id, code, templateId, parentId] of command.units[level] ?? []) {
      const template = templateId === null ? undefined : templates.get(templateId);
      if (!template?.points.length) return { ok: false, reason: `${level} ${code} reports no data point: it was built without a template` };
      total += template.points.length;
      const unit: Unit = { id, code, points: template.points, children: [] };
      byId[level].set(id, unit);
      if (level === 'rack') racks.push(unit);
      else byId[level === 'pack' ? 'rack' : 'pack'].get(parentId)?.children.push(unit);
    }
  }
  if (total > MAX_POINTS) return { ok: false, reason: `the configuration has ${total} points; this FCS holds at most ${MAX_POINTS}` };
  if (racks.length === 0) return { ok: false, reason: 'the configuration has no rack' };
  const points = { rack: new Set<string>(), pack: new Set<string>(), cell: new Set<string>() };
  for (const level of LEVELS)
    for (const t of command.templates.filter((x) => x.level === level)) for (const p of t.points) points[level].add(p.key);
  return {
    ok: true,
    config: { version: command.version, racks, points: { rack: [...points.rack], pack: [...points.pack], cell: [...points.cell] } },
  };
}

const DAY = 86_400_000;
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const clamp = (v: number, p: ConfigPoint) => Math.min(p.max, Math.max(p.min, v));

/**
 * The battery report at `t`: every cell's SOC follows the day (charged at night, discharged in the
 * evening) with a small spread by cell; its voltage follows the LFP plateau (3.20..3.35 V by SOC); one
 * weak cell per station (the first cell of rack 2's first pack, as the demo seed's) sits 0.33 V low. Packs
 * and racks add their cells up (voltage) and take their extremes; a rack's current is the SOC's slope.
 */
export function batteryReport(config: BatteryConfig, t: number, seed: number) {
  const phase = (2 * Math.PI * (t % DAY)) / DAY;
  const baseSoc = 55 + 30 * Math.cos(phase);
  const slope = -30 * Math.sin(phase); // % per radian: the sign of charging
  const rows: Record<Level, (number | null)[][]> = { rack: [], pack: [], cell: [] };
  const row = (unit: Unit, keys: string[], values: Record<string, number>) => {
    const out: (number | null)[] = [unit.id];
    for (const key of keys) {
      const p = unit.points.find((x) => x.key === key);
      out.push(p ? clamp(values[key] ?? (p.min + p.max) / 2, p) : null);
    }
    return out;
  };
  for (const rack of config.racks) {
    const rackCells: { v: number; temp: number; soc: number }[] = [];
    let rackVoltage = 0;
    for (const pack of rack.children) {
      const cells = pack.children.map((cell) => {
        const spread = unitRandom(seed, cell.id) - 0.5;
        const soc = round(Math.min(100, Math.max(0, baseSoc + spread * 4)), 1);
        const weak = cell.code.endsWith('-R02-P01-C01') ? 0.33 : 0;
        const v = round(3.2 + 0.0015 * soc + spread * 0.01 - weak, 3);
        // the demo's hot rack: rack 1 of Suzhou, whose air duct is blocked, runs 11 °C warmer
        const hot = rack.code.endsWith('SZ-01-BSA-01-R01') ? 11 : 0;
        const temp = round(25 + 3 * Math.abs(Math.sin(phase)) + spread * 2 + hot, 1);
        rows.cell.push(row(cell, config.points.cell, { voltage: v, temperature: temp, soc }));
        return { v, temp, soc };
      });
      rackCells.push(...cells);
      const voltage = round(
        cells.reduce((s, c) => s + c.v, 0),
        2,
      );
      rackVoltage += voltage;
      if (cells.length)
        rows.pack.push(
          row(pack, config.points.pack, {
            voltage,
            temperatureMax: Math.max(...cells.map((c) => c.temp)),
            temperatureMin: Math.min(...cells.map((c) => c.temp)),
            cellVoltageMax: Math.max(...cells.map((c) => c.v)),
            cellVoltageMin: Math.min(...cells.map((c) => c.v)),
          }),
        );
    }
    if (!rackCells.length) continue;
    rows.rack.push(
      row(rack, config.points.rack, {
        voltage: round(rackVoltage, 1),
        current: round(slope * 3, 1),
        soc: round(rackCells.reduce((s, c) => s + c.soc, 0) / rackCells.length, 1),
        soh: 98.5,
        temperatureMax: Math.max(...rackCells.map((c) => c.temp)),
        temperatureMin: Math.min(...rackCells.map((c) => c.temp)),
      }),
    );
  }
  return {
    version: config.version,
    ts: t,
    rack: { keys: config.points.rack, rows: rows.rack },
    pack: { keys: config.points.pack, rows: rows.pack },
    cell: { keys: config.points.cell, rows: rows.cell },
  };
}
