import { describe, expect, test } from 'vitest';
import {
  clampWidth,
  clearSettings,
  defaultSettings,
  loadSettings,
  mergeSettings,
  moveColumn,
  parseSettings,
  resizeColumn,
  saveSettings,
  setDisplay,
  visibleColumns,
  type ColumnDefault,
  type SettingsStorage,
} from './column-settings';

/** Web Storage semantics over a Map (node has no localStorage). */
class MemoryStorage implements SettingsStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const columns: ColumnDefault[] = [
  { key: 'name', width: 180, showForce: true },
  { key: 'code', width: 120 },
  { key: 'remark' },
  { key: 'extra', width: 90, display: false },
];

describe('clampWidth', () => {
  test.each([
    [39, 40],
    [40, 40],
    [-5, 40],
    [250, 250],
    [600, 600],
    [601, 600],
    [123.6, 124],
    [undefined, 100],
    [Number.NaN, 100],
    [Infinity, 100],
    ['120', 100],
    [null, 100],
  ])('%s gives %s', (input, expected) => expect(clampWidth(input)).toBe(expected));
});

describe('defaultSettings', () => {
  test('page order, widths (100 when none), display false kept, showForce always shown', () => {
    expect(defaultSettings([...columns, { key: 'forced', display: false, showForce: true }])).toEqual([
      { key: 'name', width: 180, display: true, showIndex: 0 },
      { key: 'code', width: 120, display: true, showIndex: 1 },
      { key: 'remark', width: 100, display: true, showIndex: 2 },
      { key: 'extra', width: 90, display: false, showIndex: 3 },
      { key: 'forced', width: 100, display: true, showIndex: 4 },
    ]);
  });
  test('a width given as a string (antd allows "20%") falls back to 100', () => {
    expect(defaultSettings([{ key: 'a', width: '20%' }])[0]!.width).toBe(100);
  });
});

describe('mergeSettings', () => {
  test('no saved settings gives the defaults', () => {
    expect(mergeSettings(columns, null)).toEqual(defaultSettings(columns));
  });

  test('saved order, widths and display win', () => {
    const merged = mergeSettings(columns, [
      { key: 'remark', width: 300, display: true, showIndex: 0 },
      { key: 'name', width: 150, display: true, showIndex: 1 },
      { key: 'extra', width: 90, display: true, showIndex: 2 },
      { key: 'code', width: 120, display: false, showIndex: 3 },
    ]);
    expect(merged).toEqual([
      { key: 'remark', width: 300, display: true, showIndex: 0 },
      { key: 'name', width: 150, display: true, showIndex: 1 },
      { key: 'extra', width: 90, display: true, showIndex: 2 },
      { key: 'code', width: 120, display: false, showIndex: 3 },
    ]);
  });

  test('a saved showForce column hidden is shown anyway; saved widths are clamped', () => {
    const merged = mergeSettings(columns, [
      { key: 'name', width: 5000, display: false, showIndex: 0 },
      { key: 'code', width: 1, display: true, showIndex: 1 },
    ]);
    expect(merged.slice(0, 2)).toEqual([
      { key: 'name', width: 600, display: true, showIndex: 0 },
      { key: 'code', width: 40, display: true, showIndex: 1 },
    ]);
  });

  test('entries of columns the page no longer has are dropped; new columns take their default place', () => {
    const saved = [
      { key: 'gone', width: 100, display: true, showIndex: 0 },
      { key: 'code', width: 120, display: true, showIndex: 1 },
      { key: 'name', width: 180, display: true, showIndex: 2 },
    ];
    // remark (default index 2) and extra (3) are new to the saved list.
    expect(mergeSettings(columns, saved).map((s) => [s.key, s.showIndex])).toEqual([
      ['code', 0],
      ['name', 1],
      ['remark', 2],
      ['extra', 3],
    ]);
    const withFirstNew = [{ key: 'first', width: 70 }, ...columns];
    expect(mergeSettings(withFirstNew, saved).map((s) => s.key)).toEqual(['first', 'code', 'name', 'remark', 'extra']);
  });

  test('a duplicated key keeps its first entry', () => {
    const merged = mergeSettings(columns, [
      { key: 'code', width: 200, display: true, showIndex: 0 },
      { key: 'code', width: 300, display: false, showIndex: 1 },
    ]);
    expect(merged.find((s) => s.key === 'code')).toEqual({ key: 'code', width: 200, display: true, showIndex: 1 });
    expect(merged.map((s) => s.key)).toEqual(['name', 'code', 'remark', 'extra']);
  });
});

describe('parseSettings', () => {
  test.each([
    ['not JSON', '{oops'],
    ['an object', '{"key":"a"}'],
    ['a number', '42'],
    ['null', 'null'],
    ['an entry without display', '[{"key":"a","width":100,"showIndex":0}]'],
    ['a numeric key', '[{"key":1,"width":100,"display":true,"showIndex":0}]'],
    ['a string width', '[{"key":"a","width":"100","display":true,"showIndex":0}]'],
    ['a negative index', '[{"key":"a","width":100,"display":true,"showIndex":-1}]'],
    ['a fractional index', '[{"key":"a","width":100,"display":true,"showIndex":0.5}]'],
    ['a null entry', '[null]'],
  ])('%s is ignored', (_, raw) => expect(parseSettings(raw)).toBeNull());

  test('other fields of an entry are ignored', () => {
    expect(parseSettings('[{"key":"a","width":100,"display":false,"showIndex":0,"title":"A","fixed":"left"}]')).toEqual([
      { key: 'a', width: 100, display: false, showIndex: 0 },
    ]);
  });
});

describe('loadSettings / saveSettings', () => {
  test('saved under energy.table.<cacheKey> as exactly { key, width, display, showIndex }', () => {
    const storage = new MemoryStorage();
    const withExtras = defaultSettings(columns).map((s) => ({ ...s, title: 'x', showForce: true }));
    saveSettings('devices', withExtras, storage);
    const raw = storage.getItem('energy.table.devices')!;
    const value = JSON.parse(raw) as Record<string, unknown>[];
    expect(value).toHaveLength(4);
    for (const entry of value) expect(Object.keys(entry).sort()).toEqual(['display', 'key', 'showIndex', 'width']);
    expect(loadSettings('devices', storage)).toEqual(defaultSettings(columns));
    expect(loadSettings('other', storage)).toBeNull();
  });

  test('clearSettings removes the saved value', () => {
    const storage = new MemoryStorage();
    saveSettings('devices', defaultSettings(columns), storage);
    clearSettings('devices', storage);
    expect(storage.items.size).toBe(0);
  });

  test('a storage that throws (disabled, full) is survived', () => {
    const broken: SettingsStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(loadSettings('devices', broken)).toBeNull();
    expect(() => saveSettings('devices', defaultSettings(columns), broken)).not.toThrow();
    expect(() => clearSettings('devices', broken)).not.toThrow();
    expect(loadSettings('devices', null)).toBeNull();
  });
});

describe('changes', () => {
  const defaults = defaultSettings(columns);
  const pageColumns = columns.map((c) => ({ ...c, title: c.key.toUpperCase() }));

  test('visibleColumns: displayed ones in order, with the set width', () => {
    const settings = moveColumn(resizeColumn(defaults, 'remark', 250), 'remark', -1);
    expect(visibleColumns(pageColumns, settings).map((c) => [c.key, c.width, c.title])).toEqual([
      ['name', 180, 'NAME'],
      ['remark', 250, 'REMARK'],
      ['code', 120, 'CODE'],
    ]);
  });

  test('moveColumn swaps neighbours and stops at both ends', () => {
    expect(moveColumn(defaults, 'code', -1).map((s) => s.key)).toEqual(['code', 'name', 'remark', 'extra']);
    expect(moveColumn(defaults, 'name', -1).map((s) => s.key)).toEqual(['name', 'code', 'remark', 'extra']);
    expect(moveColumn(defaults, 'extra', 1).map((s) => s.key)).toEqual(['name', 'code', 'remark', 'extra']);
    expect(moveColumn(defaults, 'code', 1).map((s) => s.showIndex)).toEqual([0, 1, 2, 3]);
  });

  test('setDisplay: a showForce column and the last shown column stay shown', () => {
    expect(setDisplay(defaults, columns, 'name', false).find((s) => s.key === 'name')!.display).toBe(true);
    expect(setDisplay(defaults, columns, 'code', false).find((s) => s.key === 'code')!.display).toBe(false);
    expect(setDisplay(defaults, columns, 'extra', true).find((s) => s.key === 'extra')!.display).toBe(true);
    const plain = [{ key: 'a' }, { key: 'b' }];
    const onlyA = setDisplay(defaultSettings(plain), plain, 'b', false);
    expect(setDisplay(onlyA, plain, 'a', false).find((s) => s.key === 'a')!.display).toBe(true);
  });

  test('resizeColumn clamps', () => {
    expect(resizeColumn(defaults, 'code', 10).find((s) => s.key === 'code')!.width).toBe(40);
    expect(resizeColumn(defaults, 'code', 900).find((s) => s.key === 'code')!.width).toBe(600);
  });
});
