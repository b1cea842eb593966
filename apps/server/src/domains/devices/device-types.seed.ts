import { DEVICE_CATEGORIES, DEVICE_TYPES } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Brings every tenant's device type tree up to date with the platform's standard types
 * (DEVICE_CATEGORIES, DEVICE_TYPES): adds what is missing, renames what changed, never deletes (a
 * tenant's devices and telemetry point at these rows). Idempotent; runs at every start and after the
 * demo tenants are created. Three statements whatever the number of tenants.
 */
export async function seedDeviceTypes(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into device_category (tenant_id, key, name, sort)
      select t.id, c.key, c.name, c.sort
      from tenant t
      cross join unnest(${sql.param(DEVICE_CATEGORIES.map((c) => c.key))}::text[],
                        ${sql.param(DEVICE_CATEGORIES.map((c) => c.name))}::text[],
                        ${sql.param(DEVICE_CATEGORIES.map((_c, i) => i))}::int[]) as c(key, name, sort)
      on conflict (tenant_id, key) do update set name = excluded.name, sort = excluded.sort`);
    await tx.execute(sql`
      insert into device_type (tenant_id, category_id, key, name, is_gateway, sort)
      select c.tenant_id, c.id, d.key, d.name, d.is_gateway, d.sort
      from unnest(${sql.param(DEVICE_TYPES.map((d) => d.key))}::text[],
                  ${sql.param(DEVICE_TYPES.map((d) => d.name))}::text[],
                  ${sql.param(DEVICE_TYPES.map((d) => d.category))}::text[],
                  ${sql.param(DEVICE_TYPES.map((d) => d.isGateway === true))}::boolean[],
                  ${sql.param(DEVICE_TYPES.map((_d, i) => i))}::int[]) as d(key, name, category, is_gateway, sort)
      join device_category c on c.key = d.category
      on conflict (tenant_id, key) do update
        set name = excluded.name, category_id = excluded.category_id, is_gateway = excluded.is_gateway, sort = excluded.sort`);
    const props = DEVICE_TYPES.flatMap((d) => d.properties.map((p, i) => ({ type: d.key, ...p, sort: i })));
    await tx.execute(sql`
      insert into data_property (tenant_id, device_type_id, key, name, unit, kind, sort)
      select t.tenant_id, t.id, p.key, p.name, p.unit, p.kind, p.sort
      from unnest(${sql.param(props.map((p) => p.type))}::text[],
                  ${sql.param(props.map((p) => p.key))}::text[],
                  ${sql.param(props.map((p) => p.name))}::text[],
                  ${sql.param(props.map((p) => p.unit))}::text[],
                  ${sql.param(props.map((p) => p.kind))}::text[],
                  ${sql.param(props.map((p) => p.sort))}::int[]) as p(type, key, name, unit, kind, sort)
      join device_type t on t.key = p.type
      on conflict (device_type_id, key) do update
        set name = excluded.name, unit = excluded.unit, kind = excluded.kind, sort = excluded.sort`);
  });
}
