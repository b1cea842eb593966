import { describe, expect, it } from 'vitest';
import { createModels, type SimDeviceSpec } from '../src/index.js';
import { acceptConfig, batteryReport, MAX_POINTS, type BatteryConfigCommand } from '../src/models/fcs-battery.js';
import { device, fullSite } from './helpers.js';

/** The FCS's battery configuration: what it refuses, and the report it makes of what it accepted. */

const points = (keys: string[], min = 0, max = 1000) => keys.map((key) => ({ key, min, max }));
/** A rack of 2 packs of 3 cells; the first pack's first cell is the station's weak cell (R02-P01-C01). */
function command(over: Partial<BatteryConfigCommand> = {}): BatteryConfigCommand {
  return {
    publishId: 5,
    version: 3,
    templates: [
      {
        id: 1,
        level: 'rack',
        name: 'rack',
        points: points(['voltage', 'current', 'soc', 'soh', 'temperatureMax', 'temperatureMin'], -400, 1200),
      },
      {
        id: 2,
        level: 'pack',
        name: 'pack',
        points: points(['voltage', 'temperatureMax', 'temperatureMin', 'cellVoltageMax', 'cellVoltageMin'], -40, 120),
      },
      { id: 3, level: 'cell', name: 'cell', points: [...points(['voltage'], 0, 5), ...points(['temperature', 'soc'], -40, 120)] },
    ],
    units: {
      rack: [[10, 'S-R02', 1, 1]],
      pack: [
        [20, 'S-R02-P01', 2, 10],
        [21, 'S-R02-P02', 2, 10],
      ],
      cell: [
        [30, 'S-R02-P01-C01', 3, 20],
        [31, 'S-R02-P01-C02', 3, 20],
        [32, 'S-R02-P01-C03', 3, 20],
        [33, 'S-R02-P02-C01', 3, 21],
        [34, 'S-R02-P02-C02', 3, 21],
        [35, 'S-R02-P02-C03', 3, 21],
      ],
    },
    ...over,
  };
}

describe('the FCS battery configuration', () => {
  it('refuses a unit without points, a template without a needed point, and too many points', () => {
    const bare = command();
    bare.units.pack[1] = [21, 'S-R02-P02', null, 10];
    expect(acceptConfig(bare)).toEqual({ ok: false, reason: 'pack S-R02-P02 reports no data point: it was built without a template' });
    const noSoc = command();
    noSoc.templates[2] = { ...noSoc.templates[2]!, points: points(['voltage', 'temperature']) };
    expect(acceptConfig(noSoc)).toEqual({ ok: false, reason: 'cell template cell does not report soc' });
    const huge = command();
    huge.units.cell = Array.from({ length: MAX_POINTS / 3 + 1 }, (_, i) => [100 + i, `C${i}`, 3, 20] as [number, string, number, number]);
    expect(acceptConfig(huge)).toMatchObject({ ok: false, reason: expect.stringMatching(/points; this FCS holds at most 50000$/) });
  });

  it('reports every configured unit: packs and the rack add up their cells', () => {
    const accepted = acceptConfig(command());
    if (!accepted.ok) throw new Error(accepted.reason);
    const report = batteryReport(accepted.config, Date.UTC(2026, 0, 1, 4), 7);
    expect(report.version).toBe(3);
    expect(report.cell.keys).toEqual(['voltage', 'temperature', 'soc']);
    expect(report.cell.rows.map((r) => r[0])).toEqual([30, 31, 32, 33, 34, 35]);
    const cell = new Map(report.cell.rows.map((r) => [r[0], r]));
    // the weak cell sits 0.33 V below its neighbours' plateau
    expect(cell.get(31)![1]! - cell.get(30)![1]!).toBeGreaterThan(0.31);
    // a pack's voltage is the sum of its cells' (to the rounding of 2 decimals), its extremes theirs
    const [packId, packV, , , vMax, vMin] = report.pack.rows[0]!;
    expect(packId).toBe(20);
    const cells = [30, 31, 32].map((id) => cell.get(id)![1]!);
    expect(packV).toBeCloseTo(
      cells.reduce((a, b) => a + b, 0),
      2,
    );
    expect([vMax, vMin]).toEqual([Math.max(...cells), Math.min(...cells)]);
    // the rack's voltage is its packs' sum
    expect(report.rack.rows[0]![1]).toBeCloseTo(report.pack.rows[0]![1]! + report.pack.rows[1]![1]!, 1);
  });

  it('an FCS answers a configuration command and reports it from then on; one holding a configuration reports at once', () => {
    const spec: SimDeviceSpec = { ...device('bsa-fcs', 41), site: fullSite()[0]!.site, username: 'fcs-41' };
    const [fcs] = createModels([spec], new Date());
    expect(fcs!.report!(new Date())).toBeNull();
    const bad = command();
    bad.units.rack[0] = [10, 'S-R02', null, 1];
    expect(fcs!.onCommand!('bsa-config', Buffer.from(JSON.stringify(bad)), Date.now())).toEqual({
      publishId: 5,
      accepted: false,
      reason: 'rack S-R02 reports no data point: it was built without a template',
    });
    expect(fcs!.report!(new Date())).toBeNull();
    expect(fcs!.onCommand!('bsa-config', Buffer.from(JSON.stringify(command())), Date.now())).toEqual({ publishId: 5, accepted: true });
    expect(fcs!.report!(new Date())).toMatchObject({ topic: 'battery', payload: { version: 3 } });
    const [restarted] = createModels([{ ...spec, batteryConfig: command() }], new Date());
    expect(restarted!.report!(new Date())).toMatchObject({ topic: 'battery', payload: { version: 3 } });
  });
});
