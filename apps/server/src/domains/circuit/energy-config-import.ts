import { circuit as contract } from '@energy/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staffScope } from '../../db/list.js';
import type { Column, Lang, Localized } from '../../excel/columns.js';
import { headerOf } from '../../excel/columns.js';
import type { Problem } from '../../excel/import.js';
import type { Table } from '../../excel/read.js';
import { runImport, type ImportSpec, type RowIo } from '../../excel/run-import.js';
import { canSeeOu, type StaffContext } from '../../plugins/context.js';
import { dataProperty, device } from '../devices/devices.schema.js';
import type { JobIo, JobOutcome } from '../jobs/jobs.service.js';
import { circuit } from './circuit.schema.js';
import { applyConfig } from './energy-config-store.js';

// The energy config import (docs/circuits.md, "Energy config import"): one row per meter of a config,
// `circuit code, meter code, sign, counter, from-date`; the rows of one circuit and date are one config.
// Each row is checked (circuit and meter the staff's, of the same OU, with the counter; a valid date),
// then each config (no meter twice, at least one adding, one counter); any problem saves nothing.

export const ENERGY_IMPORT_SHEET: Localized = { 'en-US': 'Energy configs', 'zh-CN': '能耗配置' };

const SIGN_LABELS = { '1': { 'en-US': '+', 'zh-CN': '+' }, '-1': { 'en-US': '-', 'zh-CN': '-' } };
const COUNTER_ENUM = { e_imp: { 'en-US': 'e_imp', 'zh-CN': 'e_imp' }, e_exp: { 'en-US': 'e_exp', 'zh-CN': 'e_exp' } };

export const ENERGY_IMPORT_COLUMNS: Column<unknown>[] = [
  {
    key: 'circuit',
    header: { 'en-US': 'Circuit code', 'zh-CN': '回路编码' },
    type: { kind: 'text', max: 64 },
    required: true,
    width: 18,
    example: 'SZ-01-FD-01',
  },
  {
    key: 'meter',
    header: { 'en-US': 'Meter code', 'zh-CN': '电表编码' },
    type: { kind: 'text', max: 64 },
    required: true,
    width: 18,
    example: 'SZ-01-CM-FD-01',
  },
  {
    key: 'sign',
    header: { 'en-US': 'Sign', 'zh-CN': '符号' },
    type: { kind: 'enum', labels: SIGN_LABELS },
    required: true,
    width: 8,
    example: '+',
  },
  {
    key: 'counter',
    header: { 'en-US': 'Counter', 'zh-CN': '计量属性' },
    type: { kind: 'enum', labels: COUNTER_ENUM },
    width: 10,
    example: 'e_imp',
  },
  {
    key: 'effectiveFrom',
    header: { 'en-US': 'In force from', 'zh-CN': '生效日期' },
    type: { kind: 'text', max: 32 },
    required: true,
    width: 14,
    example: '2026-07-01',
  },
];

const MESSAGES = {
  noCircuit: { 'en-US': 'No circuit of yours has this code', 'zh-CN': '没有此编码的回路' },
  noMeter: { 'en-US': 'No energy meter of yours has this code', 'zh-CN': '没有此编码的电能表' },
  otherOu: { 'en-US': "Is a device of another operating unit than the circuit's", 'zh-CN': '与回路不属于同一运营单元' },
  noCounter: { 'en-US': 'Has no {counter} counter', 'zh-CN': '没有 {counter} 计量属性' },
  badDate: { 'en-US': 'Must be a date YYYY-MM-DD', 'zh-CN': '必须是日期 YYYY-MM-DD' },
  twice: { 'en-US': 'Duplicates row {row} of the file (the same meter in one config)', 'zh-CN': '与第 {row} 行重复（同一配置中同一电表）' },
  noPlus: {
    'en-US': 'The config of {circuit} from {date} has no adding (+) meter',
    'zh-CN': '{circuit} 自 {date} 起的配置没有加 (+) 电表',
  },
  counters: {
    'en-US': 'One config has one counter: row {row} says {counter}',
    'zh-CN': '一个配置只有一个计量属性：第 {row} 行为 {counter}',
  },
} satisfies Record<string, Record<Lang, string>>;

interface Refs {
  circuits: Map<string, { id: number; ouId: number }>;
  meters: Map<string, { id: number; ouId: number; counters: Set<string> }>;
}
interface Value {
  row: number;
  circuitId: number;
  circuitCode: string;
  deviceId: number;
  meterCode: string;
  sign: 1 | -1;
  counter: contract.EnergyCounter;
  effectiveFrom: string;
}

/** What rows may name: the staff's circuits by code, its devices with a counter (energy meters) by code. */
export async function energyImportRefs(tx: Db, staff: StaffContext, scope: SQL[]): Promise<Refs> {
  const circuits = await tx
    .select({ id: circuit.id, code: circuit.code, ouId: circuit.ouId })
    .from(circuit)
    .where(and(...scope));
  const devices = await tx
    .select({ id: device.id, code: device.code, ouId: device.ouId, key: dataProperty.key })
    .from(device)
    .leftJoin(dataProperty, and(eq(dataProperty.deviceTypeId, device.deviceTypeId), eq(dataProperty.kind, 'cumulative')))
    .where(and(...staffScope({ staff }, { tenant: device.tenantId, ou: device.ouId })));
  const meters = new Map<string, { id: number; ouId: number; counters: Set<string> }>();
  for (const d of devices) {
    if (!canSeeOu(staff, d.ouId)) continue;
    const m = meters.get(d.code) ?? { id: d.id, ouId: d.ouId, counters: new Set<string>() };
    if (d.key !== 'e_imp' && d.key !== 'e_exp') continue;
    m.counters.add(d.key);
    meters.set(d.code, m);
  }
  return { circuits: new Map(circuits.map((c) => [c.code, { id: c.id, ouId: c.ouId }])), meters };
}

function resolve(raw: Record<string, unknown>, refs: Refs, { row, lang, say }: RowIo): Value | undefined {
  const circuitCode = raw.circuit as string | undefined;
  const meterCode = raw.meter as string | undefined;
  const counter = (raw.counter as contract.EnergyCounter | undefined) ?? 'e_imp';
  const c = circuitCode === undefined ? undefined : refs.circuits.get(circuitCode);
  if (circuitCode !== undefined && !c) say('circuit', MESSAGES.noCircuit[lang]);
  const m = meterCode === undefined ? undefined : refs.meters.get(meterCode);
  if (meterCode !== undefined && !m) say('meter', MESSAGES.noMeter[lang]);
  if (c && m && m.ouId !== c.ouId) say('meter', MESSAGES.otherOu[lang]);
  else if (m && !m.counters.has(counter)) say('meter', MESSAGES.noCounter[lang].replace('{counter}', counter));
  const text = raw.effectiveFrom === undefined ? undefined : String(raw.effectiveFrom);
  // an XLSX date cell arrives as its wall-clock date in UTC: its first ten characters are the date
  const date = text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : undefined;
  if (text !== undefined && (!date || !contract.energyConfigInput.shape.effectiveFrom.safeParse(date).success))
    say('effectiveFrom', MESSAGES.badDate[lang]);
  if (!c || !m || !date || raw.sign === undefined) return undefined;
  return {
    row,
    circuitId: c.id,
    circuitCode: circuitCode!,
    deviceId: m.id,
    meterCode: meterCode!,
    sign: raw.sign === '-1' ? -1 : 1,
    counter,
    effectiveFrom: date,
  };
}

/** Checks every row, then every config; applies all of them in one transaction, or none. */
export async function importEnergyConfigs(
  w: { staff: StaffContext; zone: string; scope: SQL[] },
  table: Table,
  io: JobIo,
): Promise<JobOutcome> {
  const ready: Value[] = [];
  let lang: Lang = 'en-US';
  const spec: ImportSpec<Refs, Value> = {
    columns: ENERGY_IMPORT_COLUMNS,
    refs: (tx) => energyImportRefs(tx, w.staff, w.scope),
    resolve: (raw, refs, rowIo) => {
      lang = rowIo.lang;
      return resolve(raw, refs, rowIo);
    },
    // the runner's insert step only collects: the configs are applied below, once all are checked
    insert: async (_tx, rows) => void ready.push(...rows),
  };
  const outcome = await runImport(spec, table, io);
  if (outcome.problems.length) return outcome;
  const column = (key: string) =>
    headerOf(
      ENERGY_IMPORT_COLUMNS.find((c) => c.key === key)!,
      lang,
    );
  const groups = new Map<string, Value[]>();
  for (const v of ready) {
    const key = `${v.circuitId}|${v.effectiveFrom}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  const problems: Problem[] = [];
  for (const rows of groups.values()) {
    const first = rows[0]!;
    for (const [i, v] of rows.entries()) {
      const dup = rows.slice(0, i).find((x) => x.deviceId === v.deviceId);
      if (dup) problems.push({ row: v.row, column: column('meter'), message: MESSAGES.twice[lang].replace('{row}', String(dup.row)) });
      if (v.counter !== first.counter)
        problems.push({
          row: v.row,
          column: column('counter'),
          message: MESSAGES.counters[lang].replace('{row}', String(first.row)).replace('{counter}', first.counter),
        });
    }
    if (!rows.some((v) => v.sign === 1))
      problems.push({
        row: first.row,
        column: column('sign'),
        message: MESSAGES.noPlus[lang].replace('{circuit}', first.circuitCode).replace('{date}', first.effectiveFrom),
      });
  }
  if (problems.length) return { imported: 0, problems: problems.sort((a, b) => a.row - b.row) };
  // earlier dates first, so a later config of the same circuit ends the earlier one
  const ordered = [...groups.values()].sort((a, b) => a[0]!.effectiveFrom.localeCompare(b[0]!.effectiveFrom));
  await io.transaction(async (tx) => {
    for (const rows of ordered)
      await applyConfig(
        { tx, staff: w.staff, zone: w.zone },
        rows[0]!.circuitId,
        {
          counter: rows[0]!.counter,
          effectiveFrom: rows[0]!.effectiveFrom,
          meters: rows.map((r) => ({ deviceId: r.deviceId, sign: r.sign })),
        },
        new Map(rows.map((r) => [r.deviceId, r.meterCode])),
        'import',
      );
  });
  return { imported: ready.length, problems: [] };
}
