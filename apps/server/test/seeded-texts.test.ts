import { deviceCatalogueTexts, SEEDED_TEXTS_ZH, seededText } from '@energy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../src/seed/demo.js';
import { SCENES } from '../src/domains/alarm/scenes.js';
import { createTestApp, DB_KINDS, demoIds, signIn, type Session, type TestApp } from './helpers.js';

/**
 * Seeded catalogue texts in the reader's language (docs/i18n.md): the `lang` cookie picks the Chinese of
 * device types, properties, roles, OU types, organisation levels, the permission tree and server alarm
 * texts; English without it; a tenant's own names stay as typed.
 */

describe('the seeded-text dictionary', () => {
  it('has the Chinese of every device catalogue text and server alarm scene', () => {
    const missing = [...deviceCatalogueTexts(), ...Object.values(SCENES).map((s) => s.name)].filter((t) => !SEEDED_TEXTS_ZH[t]);
    expect(missing).toEqual([]);
  });

  it('renders the texts the server composes, their seeded parts too, and leaves other texts alone', () => {
    expect(seededText('Highest cell temperature 31.2 °C ≥ 30 °C for 60 s', 'zh-CN')).toBe('最高单体温度 31.2 °C ≥ 30 °C，持续 60 秒');
    expect(seededText('State of charge 5 % < 10 %', 'zh-CN')).toBe('荷电状态 5 % < 10 %');
    expect(seededText('SZ-01-PILE-02 gun 2 faulted: GroundFailure', 'zh-CN')).toBe('SZ-01-PILE-02 2 号枪故障：GroundFailure');
    expect(seededText('SZ-01-PILE-02 gun 1 faulted: no error code', 'zh-CN')).toBe('SZ-01-PILE-02 1 号枪故障：无故障代码');
    expect(seededText('Inverter 3 (SZ-01-INV-03) went offline', 'zh-CN')).toBe('Inverter 3（SZ-01-INV-03）离线');
    expect(seededText('the connector is Available', 'zh-CN')).toBe('充电枪空闲');
    expect(seededText('Delivery of strategy "Peak" (revision 2) to Wuxi plant storage failed: no answer', 'zh-CN')).toBe(
      '策略“Peak”（修订 2）下发到 Wuxi plant storage 失败：no answer',
    );
    expect(seededText('3-level subsidiary', 'zh-CN')).toBe('3级子公司');
    expect(
      seededText(
        'String SZ-PV-01 INV-01-S07 gives no current while the other strings of its inverter produce (12 of 30 qualifying 15 min buckets dead in the last 24 h)',
        'zh-CN',
      ),
    ).toBe('组串 SZ-PV-01 INV-01-S07 无电流，同一逆变器的其他组串在发电（近 24 小时 30 个有效 15 分钟时段中 12 个无电流）');
    expect(seededText('String dispersion of SZ-PV-01 INV-01 (MPPT 2): 21.40 %, class bad over the last 24 h', 'zh-CN')).toBe(
      'SZ-PV-01 INV-01（MPPT 2） 组串离散率 21.40 %，近 24 小时为 bad 等级',
    );
    expect(seededText('Tenant administrator', 'en-US')).toBe('Tenant administrator');
    expect(seededText('My own role', 'zh-CN')).toBe('My own role');
    expect(seededText(null, 'zh-CN')).toBeNull();
  });
});

describe.each(DB_KINDS)('seeded texts in the reader language on %s', (dbKind) => {
  let t: TestApp;
  let alice: Session;
  let dave: Session;
  const zh = (s: Session, method: string, url: string, body?: unknown) => s.call(method, url, body, { cookie: `${s.cookie}; lang=zh-CN` });

  beforeAll(async () => {
    t = await createTestApp(dbKind, {}, { alarmHistory: false });
    alice = await signIn(t, 'alice');
    dave = await signIn(t, 'dave');
  });
  afterAll(() => t?.close());

  it('device types, properties and a device row: Chinese with lang=zh-CN, English without', async () => {
    const tree = (await zh(alice, 'POST', '/api/v2/device-type/tree')).body.data as {
      name: string;
      children: { key: string; name: string; properties: { key: string; name: string }[] }[];
    }[];
    const pcs = tree.flatMap((c) => c.children).find((x) => x.key === 'bsa-pcs')!;
    expect(tree.map((c) => c.name)).toEqual(['光伏', '计量', '储能', '充电', '环境', '网关']);
    expect(pcs.name).toBe('储能变流器');
    expect(pcs.properties.find((p) => p.key === 'status')!.name).toBe('运行状态（0 待机，1 充电，2 放电，3 故障）');
    const english = (await alice.post('/api/v2/device-type/tree')).body.data as typeof tree;
    expect(english.flatMap((c) => c.children).find((x) => x.key === 'bsa-pcs')!.name).toBe('Storage PCS');

    const page = (await zh(alice, 'POST', '/api/v2/device/page', { pageSize: 5, code: 'SZ-01-PCS' })).body.data;
    expect(page.list[0].deviceTypeName).toBe('储能变流器');
  });

  it("an alarm rule's device type and property: Chinese with lang=zh-CN, English without", async () => {
    type Rule = { deviceTypeName: string; propertyName: string; propertyKey: string };
    const rules = (await zh(alice, 'POST', '/api/v2/device-alarm/rule/page', { pageSize: 50 })).body.data.list as Rule[];
    const soc = rules.find((r) => r.propertyKey === 'soc')!;
    expect(soc).toMatchObject({ deviceTypeName: '储能变流器', propertyName: '荷电状态' });
    const english = (await alice.post('/api/v2/device-alarm/rule/page', { pageSize: 50 })).body.data.list as Rule[];
    expect(english.find((r) => r.propertyKey === 'soc')).toMatchObject({ deviceTypeName: 'Storage PCS', propertyName: 'State of charge' });
  });

  it('roles, OU types, organisation levels and the permission tree; a tenant-typed role name stays', async () => {
    const made = await alice.post('/api/v2/role/create', {
      name: 'Night shift',
      description: 'Evenings only',
      permissionCodes: ['p-pv'],
      autoSyncCodes: [],
    });
    expect(made.status).toBe(200);
    const roles = (await zh(alice, 'POST', '/api/v2/role/page', { pageSize: 20 })).body.data.list as {
      name: string;
      description: string;
    }[];
    expect(roles.map((r) => r.name).sort()).toEqual(['Night shift', '租户管理员', '运维员'].sort());
    expect(roles.find((r) => r.name === 'Night shift')!.description).toBe('Evenings only');
    expect(roles.find((r) => r.name === '租户管理员')!.description).toBe('全部页面和按钮、全部运营单元；随平台功能自动同步增加。');

    const types = (await zh(alice, 'POST', '/api/v2/ou/type/list')).body.data as { code: string; name: string }[];
    expect(types.map((x) => x.name)).toEqual(['工业厂区', '物流园区', '区域']);
    const levels = (await zh(alice, 'POST', '/api/v2/organization/levels')).body.data as { levels: string[] };
    expect(levels.levels).toEqual(['总部', '工厂', '车间']);

    const perms = (await zh(alice, 'POST', '/api/v2/platform-public/permission/tree')).body.data as { key: string; title: string }[];
    expect(perms.find((p) => p.key === 'p-settings')!.title).toBe('设置');
    expect(perms.find((p) => p.key === 'ia-carbon')!.title).toBe('碳管理');
  });

  it('a server alarm (the charging connector scene) reads in the reader language; dave sees none of it', async () => {
    const ids = await demoIds(t);
    await t.services.alarm.raiseServerAlarm({
      tenantId: DEMO_TENANTS.sunrise,
      scene: 'CONNECTOR_FAULTED',
      targetId: 424242,
      ouId: ids.ouId['SZ-01']!,
      name: 'SZ-01-PILE-01 gun 2',
      content: 'SZ-01-PILE-01 gun 2 faulted: GroundFailure',
    });
    const url = '/api/rule/device/alarm/log/page?page=1&size=5&source=server';
    const row = (await zh(alice, 'GET', url)).body.data.list.find((r: { sceneType: string }) => r.sceneType === 'CONNECTOR_FAULTED');
    expect(row).toMatchObject({ ruleName: '充电枪故障', content: 'SZ-01-PILE-01 2 号枪故障：GroundFailure' });
    const en = (await alice.call('GET', url)).body.data.list.find((r: { sceneType: string }) => r.sceneType === 'CONNECTOR_FAULTED');
    expect(en).toMatchObject({ ruleName: 'Charging connector faulted', content: 'SZ-01-PILE-01 gun 2 faulted: GroundFailure' });
    const theirs = (await zh(dave, 'GET', url)).body.data.list as { sceneType: string }[];
    expect(theirs.filter((r) => r.sceneType === 'CONNECTOR_FAULTED')).toEqual([]);
  });
});
