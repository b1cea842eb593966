import { ErrorCode, strategy } from '@energy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { DEMO_OPERATION_PASSWORD } from '../src/seed/demo.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

/**
 * The station-side calls left over from issue 24 (docs/strategies.md): `list-uet` (the station's energy
 * units as built) and `local-update` (edit what a station executes and deliver it again), scoped by tenant.
 */

const API = '/api/v2/energy-storage-strategy';
type Station = { id: number; code: string; strategyVersion: number };

describe.each(DB_KINDS)('station-side strategy calls on %s', (dbKind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let dave: Session;
  let wx: Station;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    alice = await signIn(t, 'alice');
    bob = await signIn(t, 'bob');
    dave = await signIn(t, 'dave');
    wx = ((await alice.post('/api/v2/bsa/list')).body.data as Station[]).find((s) => s.code === 'WX-01-BSA-01')!;
  });
  afterAll(() => t?.close());

  it('list-uet answers each PCS with its meter and stacks as the station is built', async () => {
    const res = await alice.post(`${API}/list-uet`, { bsaId: wx.id });
    expect(res.status).toBe(200);
    const built = await rowsOf<{ pcs: string; meter: string | null; stacks: string | null; racks: number }>(
      t.database.system,
      sql`select d.code as pcs, m.code as meter,
                 (select string_agg(s.code, ',' order by s.code) from bsa_stack s where s.pcs_device_id = d.id and s.station_id = ${wx.id}) as stacks,
                 (select count(*)::int from bsa_rack r join bsa_stack s on s.id = r.stack_id where s.pcs_device_id = d.id and s.station_id = ${wx.id}) as racks
          from bsa_station_device p join device d on d.id = p.device_id
          left join bsa_pcs_meter b on b.pcs_device_id = d.id and b.station_id = p.station_id
          left join device m on m.id = b.meter_device_id
          where p.station_id = ${wx.id} and p.role = 'pcs' order by d.code`,
    );
    const data = res.body.data as {
      bsaId: number;
      fcs: { code: string } | null;
      units: { pcs: { code: string }; meter: { code: string } | null; stacks: { code: string; racks: number }[] }[];
    };
    expect(data.bsaId).toBe(wx.id);
    expect(data.fcs?.code).toBe('WX-01-FCS-01');
    expect(data.units.map((u) => u.pcs.code)).toEqual(['WX-01-PCS-01']);
    expect(
      data.units.map((u) => ({
        pcs: u.pcs.code,
        meter: u.meter?.code ?? null,
        stacks: u.stacks.map((s) => s.code).join(',') || null,
        racks: u.stacks.reduce((n, s) => n + s.racks, 0),
      })),
    ).toEqual(built);
  });

  it('list-uet: another tenant, a missing station and a bad id change nothing and answer nothing', async () => {
    expect((await dave.post(`${API}/list-uet`, { bsaId: wx.id })).status).toBe(404);
    expect((await alice.post(`${API}/list-uet`, { bsaId: 999999 })).status).toBe(404);
    const bad = await alice.post(`${API}/list-uet`, { bsaId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/bsaId/);
  });

  it('local-update edits the executing strategy, logs a pending delivery of the new revision and audits it', async () => {
    const form = strategy.sampleStrategyForm(wx.strategyVersion, 'strategy');
    form.bsaId = wx.id;
    form.name = 'Wuxi-local';
    const created = await alice.post(`${API}/insert`, strategy.formToWire(form));
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;

    const edited = { ...strategy.formToWire({ ...form, name: 'Wuxi-local-edited' }), bsaId: wx.id };
    // nothing runs on the station yet
    const idle = await alice.post(`${API}/local-update`, { ...edited, operationPassword: DEMO_OPERATION_PASSWORD });
    expect({ code: idle.body.code, msg: idle.body.msg }).toEqual({
      code: ErrorCode.CONFLICT,
      msg: 'Wuxi plant storage runs no strategy from the library: deliver one first.',
    });

    // as if its FCS had accepted revision 1
    await t.database.system.execute(
      sql`update strategy set executing = true, executing_revision = 1, executing_since = now() where id = ${id}`,
    );
    const wrong = await alice.post(`${API}/local-update`, { ...edited, operationPassword: 'not-it' });
    expect(wrong.body.code).toBe(ErrorCode.WRONG_PASSWORD);
    expect((await alice.post(`${API}/detail`, { id })).body.data).toMatchObject({ name: 'Wuxi-local', revision: 1 });

    // bob has no buttons, dave another tenant: both refused, nothing changes
    expect((await bob.post(`${API}/local-update`, { ...edited, operationPassword: DEMO_OPERATION_PASSWORD })).status).toBe(403);
    expect([403, 404]).toContain(
      (await dave.post(`${API}/local-update`, { ...edited, operationPassword: DEMO_OPERATION_PASSWORD })).status,
    );
    const missing = await alice.post(`${API}/local-update`, { ...edited, name: undefined, operationPassword: DEMO_OPERATION_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/name/);
    expect((await alice.post(`${API}/detail`, { id })).body.data).toMatchObject({ name: 'Wuxi-local', revision: 1 });

    const res = await alice.post(`${API}/local-update`, { ...edited, operationPassword: DEMO_OPERATION_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      strategyId: id,
      strategyName: 'Wuxi-local-edited',
      action: 'deliver',
      revision: 2,
      result: 'pending',
    });
    expect((await alice.post(`${API}/detail`, { id })).body.data).toMatchObject({ name: 'Wuxi-local-edited', revision: 2 });
    const audit = await rowsOf<{ outcome: string }>(
      t.database.system,
      sql`select outcome from audit_log where call = 'POST /api/v2/energy-storage-strategy/local-update' order by at`,
    );
    expect(audit.map((a) => a.outcome)).toContain('ok');
  });
});
