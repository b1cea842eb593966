import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { device as contract, type InputOf } from '@energy/contracts';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { contains, equals, list, staffScope, where } from '../../db/list.js';
import { langOf, normalizeHeader, type Lang } from '../../excel/columns.js';
import { keysetBatches, sendExport, sendFile, tempFile, XLSX_TYPE } from '../../excel/export.js';
import { byPosition, mapHeaders, parseRow, zodProblems, type MappedTable, type Problem } from '../../excel/import.js';
import { readTable, type Table } from '../../excel/read.js';
import { templateWorkbook } from '../../excel/template.js';
import { receiveTable } from '../../excel/upload.js';
import type { StaffContext, StaffCtx } from '../../plugins/context.js';
import type { JobIo, JobOutcome, JobsService } from '../jobs/jobs.service.js';
import { ou } from '../ou/ou.schema.js';
import { tenant } from '../tenancy/tenancy.schema.js';
import { DEVICE_COLUMNS, DEVICE_MESSAGES, DEVICE_SHEET, IMPORT_COLUMNS, exampleRow, type DeviceFileRow } from './devices-excel-columns.js';
import { device, deviceType } from './devices.schema.js';

// Excel in and out of the device list (docs/excel.md): export of the page's filtered rows, import of a
// file (all rows or none, as a job), and the template with drop-down lists.

const gateway = alias(device, 'gateway');
const CHUNK = 1000;
const INSERT_CHUNK = 5000;

type Refs = Awaited<ReturnType<typeof loadRefs>>;
type NewDevice = typeof device.$inferInsert;

/** What an import may refer to: the tenant's device types, the staff's OUs, its gateway devices. */
async function loadRefs(tx: Db, staff: StaffContext) {
  const types = await tx
    .select({ id: deviceType.id, key: deviceType.key, name: deviceType.name, isGateway: deviceType.isGateway })
    .from(deviceType)
    .where(eq(deviceType.tenantId, staff.tenantId))
    .orderBy(asc(deviceType.sort), asc(deviceType.id));
  const ous = await tx
    .select({ id: ou.id, code: ou.code, name: ou.name, customerMcid: ou.customerMcid })
    .from(ou)
    .where(and(eq(ou.tenantId, staff.tenantId), ...(staff.allOus ? [] : [inArray(ou.id, staff.ouIds.length ? [...staff.ouIds] : [-1])])))
    .orderBy(asc(ou.name));
  const gateways = await tx
    .select({ id: device.id, code: device.code })
    .from(device)
    .innerJoin(deviceType, eq(deviceType.id, device.deviceTypeId))
    .where(and(...staffScope({ staff } as StaffCtx, { tenant: device.tenantId, ou: device.ouId }), eq(deviceType.isGateway, true)))
    .orderBy(asc(device.code));
  const typeBy = new Map<string, (typeof types)[number]>();
  for (const t of types) for (const k of [t.key, t.name]) typeBy.set(normalizeHeader(k), t);
  const ouBy = new Map<string, (typeof ous)[number] | 'ambiguous'>();
  for (const o of ous) {
    const k = normalizeHeader(o.name);
    ouBy.set(k, ouBy.has(k) ? 'ambiguous' : o);
  }
  for (const o of ous) ouBy.set(normalizeHeader(o.code), o); // a code wins over a name
  return { tenantId: staff.tenantId, types, ous, gateways, typeBy, ouBy, gatewayBy: new Map(gateways.map((g) => [g.code, g.id])) };
}

/** The column a path of the create call's schema names. */
const pathColumn = (path: PropertyKey[]) =>
  ({ deviceTypeId: 'deviceType', ouId: 'ou', gatewayId: 'gateway', location: String(path[1] ?? 'longitude') })[String(path[0])] ??
  String(path[0]);

type Filter = { code?: string; name?: string; deviceTypeId?: number; ouId?: number; gatewayId?: number };
const filterOf = (i: Filter): Filter => ({
  code: i.code,
  name: i.name,
  deviceTypeId: i.deviceTypeId,
  ouId: i.ouId,
  gatewayId: i.gatewayId,
});

export class DevicesExcel {
  constructor(private readonly jobs: JobsService) {}

  /** The filtered list as XLSX or CSV, in batches from the database to a temporary file, then sent. */
  async export(ctx: StaffCtx, input: InputOf<typeof contract.deviceExport>, http: { req: FastifyRequest; reply: FastifyReply }) {
    const [{ timeZone }] = (await ctx.tx.select({ timeZone: tenant.timeZone }).from(tenant).where(eq(tenant.id, ctx.staff.tenantId))) as [
      { timeZone: string },
    ];
    const toFile = (batch: { d: typeof device.$inferSelect; type: string; ou: string; gw: string | null }[]): DeviceFileRow[] =>
      batch.map(({ d, type, ou: ouName, gw }) => ({
        code: d.code,
        name: d.name,
        deviceType: type,
        ou: ouName,
        gateway: gw,
        longitude: d.lng,
        latitude: d.lat,
        address: d.address,
        ratedPowerKw: d.ratedPowerKw,
        online: d.online,
        createdAt: d.createdAt,
      }));
    // keyset batches on the unique code: each batch is an index range, however far into the list it is
    const batch = (after: string | undefined, size: number) =>
      list(ctx.tx, {
        query: () =>
          ctx.tx
            .select({ d: device, type: deviceType.name, ou: ou.name, gw: gateway.code })
            .from(device)
            .innerJoin(deviceType, eq(deviceType.id, device.deviceTypeId))
            .innerJoin(ou, eq(ou.id, device.ouId))
            .leftJoin(gateway, eq(gateway.id, device.gatewayId))
            .$dynamic(),
        where: [
          ...staffScope(ctx, { tenant: device.tenantId, ou: device.ouId }),
          ...where(filterOf(input), {
            code: contains(device.code),
            name: contains(device.name),
            deviceTypeId: equals(device.deviceTypeId),
            ouId: equals(device.ouId),
            gatewayId: equals(device.gatewayId),
          }),
          after === undefined ? undefined : gt(device.code, after),
        ],
        order: [asc(device.code)],
      }).all(toFile, { limit: size });
    return sendExport(http.reply, {
      name: 'devices',
      sheet: DEVICE_SHEET,
      columns: DEVICE_COLUMNS,
      lang: langOf(http.req, input.lang),
      timeZone,
      format: input.format,
      batches: keysetBatches(batch, (r) => r.code),
    });
  }

  /** The template: headers, an example row, drop-downs of device types, the staff's OUs and gateways. */
  async template(ctx: StaffCtx, input: { lang?: Lang }, http: { req: FastifyRequest; reply: FastifyReply }) {
    const lang = langOf(http.req, input.lang);
    const refs = await loadRefs(ctx.tx, ctx.staff);
    const choices: Record<string, string[]> = {
      deviceType: refs.types.map((t) => t.name),
      ou: refs.ous.map((o) => o.name),
      gateway: refs.gateways.map((g) => g.code),
    };
    const example = exampleRow(refs.types.find((t) => !t.isGateway)?.name, refs.ous[0]?.name) as Record<string, unknown>;
    const columns = IMPORT_COLUMNS.map((c) => ({ ...c, choices: choices[c.key], example: example[c.key] }));
    const file = tempFile('xlsx');
    await templateWorkbook({ sheet: DEVICE_SHEET, columns, lang }).xlsx.writeFile(file);
    return sendFile(http.reply, file, lang === 'zh-CN' ? '设备导入模板.xlsx' : 'device-import-template.xlsx', XLSX_TYPE);
  }

  /** Imports a file as a job: every row is checked first; one bad row saves nothing. */
  async import(ctx: StaffCtx, req: FastifyRequest) {
    const id = randomUUID();
    const { file, format } = await receiveTable(req, this.jobs.fileOf(ctx.staff.tenantId, id));
    try {
      const table = await readTable(file, format);
      const staff = ctx.staff;
      return await this.jobs.start(ctx, { id, kind: 'device-import', total: table.rows.length, file }, (io) =>
        importRows(staff, table, io),
      );
    } catch (error) {
      await fs.promises.rm(file, { force: true });
      throw error;
    }
  }
}

/** Checks every row (references, the create call's schema, duplicates), then inserts them all in batches. */
export async function importRows(staff: StaffContext, table: Table, io: JobIo): Promise<JobOutcome> {
  const problems: Problem[] = [];
  const mapped = mapHeaders(table, IMPORT_COLUMNS, problems);
  if (problems.length) return { imported: 0, problems };
  const refs = await io.transaction((tx) => loadRefs(tx, staff));
  const firstRow = new Map<string, number>();
  const ready: NewDevice[] = [];
  for (let start = 0; start < table.rows.length; start += CHUNK) {
    const chunk = table.rows.slice(start, start + CHUNK);
    const codes: { code: string; row: number }[] = [];
    for (const { row, cells } of chunk) {
      const before = problems.length;
      const raw = parseRow(cells, row, IMPORT_COLUMNS, mapped, problems);
      const value = resolveRow(raw, row, refs, mapped, problems);
      if (value && problems.length === before) ready.push(value);
      if (typeof raw.code === 'string') {
        const seen = firstRow.get(raw.code);
        if (seen !== undefined)
          report(problems, mapped, row, 'code', DEVICE_MESSAGES.duplicate[mapped.lang].replace('{row}', String(seen)));
        else (firstRow.set(raw.code, row), codes.push({ code: raw.code, row }));
      }
    }
    const taken = await io.transaction((tx) =>
      tx
        .select({ code: device.code })
        .from(device)
        .where(and(eq(device.tenantId, staff.tenantId), sql`${device.code} = any(${sql.param(codes.map((c) => c.code))}::text[])`)),
    );
    const takenSet = new Set(taken.map((t) => t.code));
    for (const c of codes) if (takenSet.has(c.code)) report(problems, mapped, c.row, 'code', DEVICE_MESSAGES.taken[mapped.lang]);
    io.progress(Math.min(start + CHUNK, table.rows.length));
  }
  if (problems.length) return { imported: 0, problems: problems.sort(byPosition) };
  await io.transaction(async (tx) => {
    for (let start = 0; start < ready.length; start += INSERT_CHUNK) await insertDevices(tx, ready.slice(start, start + INSERT_CHUNK));
  });
  return { imported: ready.length, problems: [] };
}

/** One statement per batch: columns as arrays through unnest (a multi-row VALUES of 5,000 rows would be 55,000 parameters). */
async function insertDevices(tx: Db, rows: NewDevice[]) {
  const col = <T>(f: (r: NewDevice) => T) => sql.param(rows.map(f));
  await tx.execute(sql`
    insert into device (tenant_id, code, name, device_type_id, customer_mcid, ou_id, gateway_id, lng, lat, address, rated_power_kw)
    select * from unnest(${col((r) => r.tenantId)}::uuid[], ${col((r) => r.code)}::text[], ${col((r) => r.name)}::text[],
                         ${col((r) => r.deviceTypeId)}::int[], ${col((r) => r.customerMcid)}::uuid[], ${col((r) => r.ouId)}::int[],
                         ${col((r) => r.gatewayId ?? null)}::int[], ${col((r) => r.lng ?? null)}::float8[], ${col((r) => r.lat ?? null)}::float8[],
                         ${col((r) => r.address ?? null)}::text[], ${col((r) => r.ratedPowerKw ?? null)}::float8[])`);
}

function report(problems: Problem[], mapped: MappedTable, row: number, key: string, message: string) {
  problems.push({ row, column: mapped.headerText(key), message, col: mapped.positions.get(key) });
}

/** One parsed row with its names resolved to ids, checked with the create call's schema; undefined with problems. */
function resolveRow(
  raw: Record<string, unknown>,
  row: number,
  refs: Refs,
  mapped: MappedTable,
  problems: Problem[],
): NewDevice | undefined {
  const lang = mapped.lang;
  const say = (key: string, message: string) => report(problems, mapped, row, key, message);
  const type = raw.deviceType === undefined ? undefined : refs.typeBy.get(normalizeHeader(String(raw.deviceType)));
  if (raw.deviceType !== undefined && !type) say('deviceType', DEVICE_MESSAGES.unknownType[lang]);
  const unit = raw.ou === undefined ? undefined : refs.ouBy.get(normalizeHeader(String(raw.ou)));
  if (raw.ou !== undefined && !unit) say('ou', DEVICE_MESSAGES.unknownOu[lang]);
  if (unit === 'ambiguous') say('ou', DEVICE_MESSAGES.ambiguousOu[lang]);
  let gatewayId: number | null = null;
  if (raw.gateway !== undefined) {
    if (raw.gateway === raw.code) say('gateway', DEVICE_MESSAGES.selfGateway[lang]);
    else {
      const id = refs.gatewayBy.get(String(raw.gateway));
      if (id === undefined) say('gateway', DEVICE_MESSAGES.unknownGateway[lang]);
      else gatewayId = id;
    }
  }
  const hasLng = raw.longitude !== undefined;
  const hasLat = raw.latitude !== undefined;
  if (hasLng !== hasLat) say(hasLng ? 'latitude' : 'longitude', DEVICE_MESSAGES.coordinates[lang]);
  if (raw.address !== undefined && !hasLng && !hasLat) say('address', DEVICE_MESSAGES.addressAlone[lang]);
  const body = {
    code: raw.code ?? '',
    name: raw.name ?? '',
    deviceTypeId: type?.id ?? 1,
    ouId: unit && unit !== 'ambiguous' ? unit.id : 1,
    gatewayId,
    location:
      hasLng && hasLat
        ? { longitude: raw.longitude, latitude: raw.latitude, ...(raw.address !== undefined ? { address: raw.address } : {}) }
        : null,
    ratedPowerKw: raw.ratedPowerKw ?? null,
  };
  const parsed = contract.deviceImportRow.safeParse(body);
  if (!parsed.success) {
    // empty required cells were reported by parseRow already
    const missing = new Set(['code', 'name'].filter((k) => raw[k] === undefined));
    const error = { ...parsed.error, issues: parsed.error.issues.filter((i) => !missing.has(String(i.path[0]))) };
    zodProblems(error as typeof parsed.error, row, mapped, pathColumn, problems);
    return undefined;
  }
  if (!type || !unit || unit === 'ambiguous') return undefined;
  const v = parsed.data;
  return {
    tenantId: refs.tenantId,
    code: v.code,
    name: v.name,
    deviceTypeId: v.deviceTypeId,
    customerMcid: unit.customerMcid,
    ouId: v.ouId,
    gatewayId: v.gatewayId ?? null,
    lng: v.location?.longitude ?? null,
    lat: v.location?.latitude ?? null,
    address: v.location?.address ?? null,
    ratedPowerKw: v.ratedPowerKw ?? null,
  };
}
