import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql.js';
import { createTestApp, DB_KINDS, signIn, type Session, type TestApp } from './helpers.js';

const LOG = '/api/rule/device/alarm/log';
const HOUR = 3_600_000;

interface Row {
  id: number;
  deviceCode: string;
  ruleName: string;
  state: number;
  read: boolean;
  alarmTime: string;
  recoverTime: string | null;
  content: string;
}

/** The demo's past alarms (seed/demo-alarms.ts): a few days of raised and recovered ones, two still active. */
describe.each(DB_KINDS)("the demo's alarm history on %s", (kind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  const list = async (s: Session) => (await s.call('GET', `${LOG}/page?page=1&size=50`)).body.data as { list: Row[]; totalCount: number };

  beforeAll(async () => {
    t = await createTestApp(kind);
    [alice, dave] = await Promise.all([signIn(t, 'alice'), signIn(t, 'dave')]);
  });
  afterAll(() => t?.close());

  it("Sunrise's: six recovered over the last days and one active, as the rules wrote them; Harbor's are not among them", async () => {
    const { list: rows, totalCount } = await list(alice);
    expect(totalCount).toBe(7);
    expect(rows.every((r) => r.deviceCode.startsWith('SZ-01-'))).toBe(true);
    const active = rows.filter((r) => r.state === 0);
    expect(active.map((r) => [r.ruleName, r.deviceCode])).toEqual([['Battery rack hot', 'SZ-01-RACK-02']]);
    expect(active[0]!.content).toBe('Highest cell temperature 29.1 °C > 28 °C for 300 s');
    const recovered = rows.filter((r) => r.state === 1);
    expect(recovered).toHaveLength(6);
    for (const r of recovered) {
      expect(Date.parse(r.recoverTime!)).toBeGreaterThan(Date.parse(r.alarmTime));
      expect(Date.parse(r.alarmTime)).toBeGreaterThan(Date.now() - 7 * 24 * HOUR);
    }
    // the last two days' alarms wait unread in the bell; older ones were read
    expect(rows.filter((r) => !r.read).length).toBe(3);
    expect(rows.filter((r) => !r.read).every((r) => Date.parse(r.alarmTime) > Date.now() - 48 * HOUR)).toBe(true);

    const harbor = await list(dave);
    expect(harbor.totalCount).toBe(4);
    expect(harbor.list.every((r) => r.deviceCode.startsWith('SH-01-'))).toBe(true);
    expect(harbor.list.filter((r) => r.state === 0).map((r) => r.deviceCode)).toEqual(['SH-01-CP-01']);
  });

  it('the bell lists them for the staff who see the devices', async () => {
    const level0 = (await alice.post('/api/v2/cors/page-push-staff', { level: 0, page: 1, size: 10 })).body.data;
    expect(level0.list.map((p: { deviceName: string; readState: boolean }) => [p.deviceName, p.readState])).toEqual([
      ['Battery rack 2', false],
      ['Battery rack 1', true],
    ]);
  });

  it('the rules engine knows the active ones: a reading that clears the condition recovers it', async () => {
    const [rack] = await rowsOf<{ id: number }>(t.database.system, sql`select id from device where code = 'SZ-01-RACK-02'`);
    await t.ingest.writeReadings([{ deviceId: Number(rack!.id), ts: new Date(), values: { temp_max: 25.5 } }]);
    await t.services.alarm.settled();
    const [row] = await rowsOf<{ state: number; recovered_by: string; recover_remark: string }>(
      t.database.system,
      sql`select state, recovered_by, recover_remark from alarm_log where device_code = 'SZ-01-RACK-02'`,
    );
    expect(row).toEqual({ state: 1, recovered_by: 'auto', recover_remark: 'the condition cleared' });
  });
});
