import { tenantTimeZone } from '../tenancy/tenant-zone.js';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { device as contract, type InputOf } from '@energy/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { contains, equals, list, ouScope, staffScope, where } from '../../db/list.js';
import { langOf, normalizeHeader, type Lang } from '../../excel/columns.js';
import { keysetBatches, sendExport, sendFile, tempFile, XLSX_TYPE } from '../../excel/export.js';
import { readTable, type Table } from '../../excel/read.js';
import { insertUnnest, runImport, takenKeys, type ImportSpec, type RowIo } from '../../excel/run-import.js';
import { templateWorkbook } from '../../excel/template.js';
import { receiveTable } from '../../excel/upload.js';
import type { StaffContext, StaffCtx } from '../../plugins/context.js';
import type { JobIo, JobOutcome, JobsService } from '../jobs/jobs.service.js';
import { ou } from '../ou/ou.schema.js';
import { DEVICE_COLUMNS, DEVICE_MESSAGES, DEVICE_SHEET, IMPORT_COLUMNS, exampleRow, type DeviceFileRow } from './devices-excel-columns.js';
import { device, deviceType } from './devices.schema.js';

// Excel in and out of the device list (docs/excel.md): export of the page's filtered rows, import of a
// file (all rows or none, as a job), and the template with drop-down lists.

const gateway = alias(device, 'gateway');

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
    .where(and(eq(ou.tenantId, staff.tenantId), ouScope({ staff }, ou.id)))
    .orderBy(asc(ou.name));
  const gateways = await tx
    .select({ id: device.id, code: device.code })
    .from(device)
    .innerJoin(deviceType, eq(deviceType.id, device.deviceTypeId))
    .where(and(...staffScope({ staff }, { tenant: device.tenantId, ou: device.ouId }), eq(deviceType.isGateway, true)))
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
    const timeZone = await tenantTimeZone(ctx);
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
    // keyset batches on (code, id): a code is unique in a tenant, and a channel staff's export spans its linked tenants
    const batch = (after: { code: string; id: number } | undefined, size: number) =>
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
          // what the list page shows: the tenants the staff works in (a channel staff's linked ones too)
          ...staffScope(ctx, { tenant: device.tenantId, ou: device.ouId, channel: true }),
          ...where(filterOf(input), {
            code: contains(device.code),
            name: contains(device.name),
            deviceTypeId: equals(device.deviceTypeId),
            ouId: equals(device.ouId),
            gatewayId: equals(device.gatewayId),
          }),
          after === undefined ? undefined : sql`(${device.code}, ${device.id}) > (${after.code}, ${after.id})`,
        ],
        order: [asc(device.code), asc(device.id)],
      }).all(undefined, { limit: size });
    async function* fileBatches() {
      for await (const rows of keysetBatches(batch, (r) => ({ code: r.d.code, id: r.d.id }))) yield toFile(rows);
    }
    return sendExport(http.reply, {
      name: 'devices',
      sheet: DEVICE_SHEET,
      columns: DEVICE_COLUMNS,
      lang: langOf(http.req, input.lang),
      timeZone,
      format: input.format,
      batches: fileBatches(),
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

/** The columns an import fills. */
const INSERT_KEYS = [
  'tenantId',
  'code',
  'name',
  'deviceTypeId',
  'customerMcid',
  'ouId',
  'gatewayId',
  'lng',
  'lat',
  'address',
  'ratedPowerKw',
] as const;

/** The device import: references by name, the create call's schema, codes unique in the file and the tenant. */
const deviceImport = (staff: StaffContext): ImportSpec<Refs, NewDevice> => ({
  columns: IMPORT_COLUMNS,
  refs: (tx) => loadRefs(tx, staff),
  resolve: resolveRow,
  uniqueKey: {
    column: 'code',
    messages: { duplicate: DEVICE_MESSAGES.duplicate, taken: DEVICE_MESSAGES.taken },
    taken: (tx, codes) => takenKeys(tx, device.code, codes, eq(device.tenantId, staff.tenantId)),
  },
  insert: (tx, rows) => insertUnnest(tx, device, INSERT_KEYS, rows),
});

/** Checks every row (references, the create call's schema, duplicates), then inserts them all in batches. */
export function importRows(staff: StaffContext, table: Table, io: JobIo): Promise<JobOutcome> {
  return runImport(deviceImport(staff), table, io);
}

/** One parsed row with its names resolved to ids, checked with the create call's schema; undefined with problems. */
function resolveRow(raw: Record<string, unknown>, refs: Refs, { lang, say, zod }: RowIo): NewDevice | undefined {
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
    zod(error as typeof parsed.error, pathColumn);
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
