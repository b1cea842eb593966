import { ErrorCode } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromDatabase } from '../src/plugins/errors.js';
import { DEMO_TENANTS } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, type TestApp } from './helpers.js';

describe.each(DB_KINDS)('database errors (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('a unique violation the database raises becomes a conflict naming the constraint; other errors stay faults', async () => {
    const duplicate = await t.database.system
      .execute(
        sql`insert into ou (tenant_id, customer_mcid, code, name)
            select tenant_id, customer_mcid, code, 'again' from ou where tenant_id = ${DEMO_TENANTS.sunrise} limit 1`,
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    const conflict = fromDatabase(duplicate);
    expect(conflict?.code).toBe(ErrorCode.CONFLICT);
    expect(conflict?.message).toContain('ou_code_uq');

    // role names: one per tenant ignoring case, settled by the database when two requests race
    const sameRole = await t.database.system
      .execute(
        sql`insert into role (tenant_id, name) select tenant_id, upper(name) from role where tenant_id = ${DEMO_TENANTS.sunrise} limit 1`,
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(fromDatabase(sameRole)?.message).toContain('role_name_uq');

    const other = await t.database.system.execute(sql`select 1 / 0`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(other).not.toBeNull();
    expect(fromDatabase(other)).toBeNull();
  });
});
