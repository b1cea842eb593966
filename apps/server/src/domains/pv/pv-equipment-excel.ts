import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { pv as contract } from '@energy/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { langOf, normalizeHeader, type Column, type Lang, type Localized } from '../../excel/columns.js';
import { sendExport, sendFile, tempFile, XLSX_TYPE } from '../../excel/export.js';
import { readTable } from '../../excel/read.js';
import { insertUnnest, runImport, takenKeys, type ImportSpec, type RowIo } from '../../excel/run-import.js';
import { templateWorkbook } from '../../excel/template.js';
import { receiveTable } from '../../excel/upload.js';
import type { StaffCtx } from '../../plugins/context.js';
import { device, deviceType } from '../devices/devices.schema.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { MEASURED_BY } from './equipment-common.js';
import { inverterRows, moduleRows, stringRows, type PvEquipmentService } from './pv-equipment.service.js';
import { pvArea, pvInverter, pvModule, pvString } from './pv.schema.js';

// Excel in and out of a station's equipment (docs/excel.md, docs/pv.md): the export of one station's
// inverters, strings or modules, the template, and the import (all rows or none, problems by row and
// column). Codes are unique in the station; the columns name areas, inverters and devices, so a
// station's files import unchanged into another station that has the same areas (and, for strings,
// inverters).

type Kind = 'inverter' | 'string' | 'module';
type InverterRow = z.infer<typeof contract.pvInverterRow>;
type StringRow = z.infer<typeof contract.pvStringRow>;
type ModuleRow = z.infer<typeof contract.pvModuleRow>;
type Row = InverterRow | StringRow | ModuleRow;

const text = (key: string, en: string, zh: string, opts: Partial<Column<Row>> = {}): Column<Row> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'text', max: 128 },
  width: 18,
  value: (r) => (r as unknown as Record<string, unknown>)[key] ?? null,
  ...opts,
});
const number = (key: string, en: string, zh: string, unit: string | undefined, opts: Partial<Column<Row>> = {}): Column<Row> => ({
  key,
  header: { 'en-US': en, 'zh-CN': zh },
  type: { kind: 'number', ...(unit ? { unit } : {}) },
  width: 14,
  value: (r) => (r as unknown as Record<string, unknown>)[key] ?? null,
  ...opts,
});
const codeCol = text('code', 'Code', '编码', { required: true, type: { kind: 'text', max: 64 } });
const areaCol = text('area', 'Area', '区域', { value: (r) => ('areaName' in r ? r.areaName : null) });
const deviceCol = text('device', 'Device code', '设备编码', { value: (r) => r.deviceCode });

const COLUMNS: Record<Kind, Column<Row>[]> = {
  inverter: [
    codeCol,
    text('name', 'Name', '名称', { required: true }),
    areaCol,
    text('model', 'Model', '型号', { type: { kind: 'text', max: 64 } }),
    number('ratedAcKw', 'Rated AC power', '额定交流功率', 'kW', { required: true }),
    number('mpptCount', 'MPPT count', 'MPPT 数量', undefined, { required: true }),
    deviceCol,
  ],
  string: [
    codeCol,
    text('name', 'Name', '名称', { required: true }),
    text('inverter', 'Inverter code', '逆变器编码', { required: true, value: (r) => ('inverterCode' in r ? r.inverterCode : null) }),
    number('mpptInput', 'MPPT input', 'MPPT 输入', undefined, { required: true }),
    text('moduleModel', 'Module model', '组件型号', { type: { kind: 'text', max: 64 } }),
    number('moduleCount', 'Module count', '组件数量', undefined, { required: true }),
    number('capacityKwp', 'Capacity', '容量', 'kWp', { required: true }),
    deviceCol,
  ],
  module: [
    codeCol,
    text('model', 'Model', '型号', { required: true, type: { kind: 'text', max: 64 } }),
    areaCol,
    number('ratedWp', 'Rated power', '额定功率', 'Wp', { required: true }),
    number('count', 'Count', '数量', undefined, { required: true }),
    deviceCol,
  ],
};

const SHEETS: Record<Kind, Localized> = {
  inverter: { 'en-US': 'Inverters', 'zh-CN': '逆变器' },
  string: { 'en-US': 'Strings', 'zh-CN': '组串' },
  module: { 'en-US': 'Modules', 'zh-CN': '组件' },
};

const EXAMPLES: Record<Kind, Record<string, unknown>> = {
  inverter: { code: 'INV-01', name: 'Inverter 1', model: 'SG110CX', ratedAcKw: 110, mpptCount: 9 },
  string: {
    code: 'INV-01-S01',
    name: 'String 1',
    inverter: 'INV-01',
    mpptInput: 1,
    moduleModel: 'LR5-72HPH-550M',
    moduleCount: 20,
    capacityKwp: 11,
  },
  module: { code: 'MOD-01', model: 'LR5-72HPH-550M', ratedWp: 550, count: 1800 },
};

export const PV_MESSAGES = {
  unknownArea: { 'en-US': 'Is not an area of this station', 'zh-CN': '不是本电站的区域' },
  unknownInverter: { 'en-US': 'Is not an inverter of this station', 'zh-CN': '不是本电站的逆变器' },
  unknownDevice: {
    'en-US': "Is not a device of the station's operating unit that can measure it",
    'zh-CN': '不是本电站运营单元中可计量它的设备',
  },
  mpptAbove: { 'en-US': "Must be at most {n}, the inverter's MPPT count", 'zh-CN': '不能大于逆变器的 MPPT 数量 {n}' },
  duplicate: { 'en-US': 'Duplicates row {row} of the file', 'zh-CN': '与文件第 {row} 行重复' },
  taken: { 'en-US': 'Is already used in this station', 'zh-CN': '在本电站中已被使用' },
} satisfies Record<string, Record<Lang, string>>;

const TABLES = { inverter: pvInverter, string: pvString, module: pvModule } as const;
const FIELD_COLUMN: Record<string, string> = { areaId: 'area', inverterId: 'inverter', deviceId: 'device' };

/** What a station's rows may refer to: its areas by name, its inverters by code, the devices of its OU that may measure them. */
async function loadRefs(tx: Db, station: { id: number; ouId: number; tenantId: string }, kind: Kind) {
  const areas = await tx.select({ id: pvArea.id, name: pvArea.name }).from(pvArea).where(eq(pvArea.stationId, station.id));
  const inverters = await tx
    .select({ id: pvInverter.id, code: pvInverter.code, mpptCount: pvInverter.mpptCount })
    .from(pvInverter)
    .where(eq(pvInverter.stationId, station.id));
  const devices = await tx
    .select({ id: device.id, code: device.code })
    .from(device)
    .innerJoin(deviceType, eq(deviceType.id, device.deviceTypeId))
    .where(and(eq(device.tenantId, station.tenantId), eq(device.ouId, station.ouId), inArray(deviceType.key, [...MEASURED_BY[kind]])));
  return {
    areaBy: new Map(areas.map((a) => [normalizeHeader(a.name), a.id])),
    inverterBy: new Map(inverters.map((i) => [i.code, i])),
    deviceBy: new Map(devices.map((d) => [d.code, d.id])),
    areaNames: areas.map((a) => a.name),
    inverterCodes: inverters.map((i) => i.code),
  };
}
type Refs = Awaited<ReturnType<typeof loadRefs>>;

/** One parsed row as the values to insert, checked with the create call's schema; undefined with problems. */
function resolver(kind: Kind, station: { id: number; tenantId: string }) {
  return (raw: Record<string, unknown>, refs: Refs, { lang, say, zod }: RowIo) => {
    const ref = <T>(key: string, map: Map<string, T>, message: Record<Lang, string>, norm = (s: string) => s): T | null | undefined => {
      if (raw[key] === undefined) return null;
      const hit = map.get(norm(String(raw[key])));
      if (hit === undefined) say(key, message[lang]);
      return hit;
    };
    const deviceId = ref('device', refs.deviceBy, PV_MESSAGES.unknownDevice);
    const common = { pvId: station.id, code: raw.code ?? '' };
    let body: Record<string, unknown>;
    let inverter: { id: number; mpptCount: number } | null | undefined = null;
    if (kind === 'string') {
      inverter = ref('inverter', refs.inverterBy, PV_MESSAGES.unknownInverter);
      if (inverter && typeof raw.mpptInput === 'number' && raw.mpptInput > inverter.mpptCount)
        say('mpptInput', PV_MESSAGES.mpptAbove[lang].replace('{n}', String(inverter.mpptCount)));
      body = {
        ...common,
        name: raw.name ?? '',
        inverterId: inverter?.id ?? 1,
        mpptInput: raw.mpptInput ?? 0,
        moduleModel: raw.moduleModel ?? null,
        moduleCount: raw.moduleCount ?? 0,
        capacityKwp: raw.capacityKwp ?? 0,
      };
    } else {
      const areaId = ref('area', refs.areaBy, PV_MESSAGES.unknownArea, normalizeHeader);
      body =
        kind === 'inverter'
          ? {
              ...common,
              name: raw.name ?? '',
              areaId: areaId ?? null,
              model: raw.model ?? null,
              ratedAcKw: raw.ratedAcKw ?? 0,
              mpptCount: raw.mpptCount ?? 0,
            }
          : { ...common, model: raw.model ?? '', areaId: areaId ?? null, ratedWp: raw.ratedWp ?? 0, count: raw.count ?? 0 };
    }
    const schema = { inverter: contract.pvInverterCreate, string: contract.pvStringCreate, module: contract.pvModuleCreate }[kind];
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      // empty required cells were reported when the row was parsed
      const missing = new Set(COLUMNS[kind].filter((c) => c.required && raw[c.key] === undefined).map((c) => c.key));
      const issues = parsed.error.issues.filter((i) => !missing.has(FIELD_COLUMN[String(i.path[0])] ?? String(i.path[0])));
      zod({ ...parsed.error, issues } as typeof parsed.error, (path) => FIELD_COLUMN[String(path[0])] ?? String(path[0]));
      return undefined;
    }
    if (deviceId === undefined || inverter === undefined) return undefined;
    const { pvId: _pv, ...values } = parsed.data as Record<string, unknown>;
    return { tenantId: station.tenantId, stationId: station.id, ...values, deviceId } as Record<string, unknown>;
  };
}

const INSERT_KEYS: Record<Kind, string[]> = {
  inverter: ['tenantId', 'stationId', 'code', 'name', 'areaId', 'model', 'ratedAcKw', 'mpptCount', 'deviceId'],
  string: ['tenantId', 'stationId', 'code', 'name', 'inverterId', 'mpptInput', 'moduleModel', 'moduleCount', 'capacityKwp', 'deviceId'],
  module: ['tenantId', 'stationId', 'code', 'model', 'areaId', 'ratedWp', 'count', 'deviceId'],
};

export class PvEquipmentExcel {
  constructor(
    private readonly equipment: PvEquipmentService,
    private readonly jobs: JobsService,
  ) {}

  /** One station's equipment of a kind, as XLSX or CSV (the staff must see the station). */
  async export(
    ctx: StaffCtx,
    kind: Kind,
    input: { pvId: number; format: 'xlsx' | 'csv'; lang?: Lang; keyword?: string },
    http: { req: FastifyRequest; reply: FastifyReply },
  ) {
    const station = await this.equipment.rules.stations.visible(ctx, input.pvId);
    const filter = { pvId: station.id, keyword: input.keyword };
    const batches =
      kind === 'inverter'
        ? this.equipment.inverters(ctx, filter).batches(inverterRows(ctx.tx))
        : kind === 'string'
          ? this.equipment.strings(ctx, filter).batches(stringRows(ctx.tx))
          : this.equipment.modules(ctx, filter).batches(moduleRows(ctx.tx));
    return sendExport(http.reply, {
      name: `${station.code}-${kind}s`,
      sheet: SHEETS[kind],
      columns: COLUMNS[kind],
      lang: langOf(http.req, input.lang),
      timeZone: station.timeZone,
      format: input.format,
      batches: batches as AsyncIterable<Row[]>,
    });
  }

  /** The template: headers (required ones marked), an example row. */
  async template(kind: Kind, input: { lang?: Lang }, http: { req: FastifyRequest; reply: FastifyReply }) {
    const lang = langOf(http.req, input.lang);
    const columns = COLUMNS[kind].map((c) => ({ ...c, example: EXAMPLES[kind][c.key] })) as Column<unknown>[];
    const file = tempFile('xlsx');
    await templateWorkbook({ sheet: SHEETS[kind], columns, lang }).xlsx.writeFile(file);
    return sendFile(http.reply, file, `${SHEETS[kind][lang]}-template.xlsx`, XLSX_TYPE);
  }

  /** Imports a file into a station as a job: every row is checked first; one bad row saves nothing. */
  async import(ctx: StaffCtx, kind: Kind, pvId: number, req: FastifyRequest) {
    const id = randomUUID();
    // the upload is read (and refused for its type) first, as every import does; then the station
    const { file, format } = await receiveTable(req, this.jobs.fileOf(ctx.staff.tenantId, id));
    try {
      const station = await this.equipment.rules.stations.writable(ctx, pvId);
      const scope = { id: station.id, ouId: station.ouId, tenantId: ctx.staff.tenantId };
      const table = await readTable(file, format);
      const spec: ImportSpec<Refs, Record<string, unknown>> = {
        columns: COLUMNS[kind] as Column<unknown>[],
        refs: (tx) => loadRefs(tx, scope, kind),
        resolve: resolver(kind, scope),
        uniqueKey: {
          column: 'code',
          messages: { duplicate: PV_MESSAGES.duplicate, taken: PV_MESSAGES.taken },
          taken: (tx, codes) => takenKeys(tx, TABLES[kind].code, codes, eq(TABLES[kind].stationId, scope.id)),
        },
        insert: (tx, rows) => insertUnnest(tx, TABLES[kind], INSERT_KEYS[kind] as never, rows as never),
      };
      return await this.jobs.start(ctx, { id, kind: `pv-${kind}-import`, total: table.rows.length, file }, (io) =>
        runImport(spec, table, io),
      );
    } catch (error) {
      await fs.promises.rm(file, { force: true });
      throw error;
    }
  }
}
