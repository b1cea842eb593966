import dayjs from 'dayjs';
import { alarm as contracts } from '@energy/contracts';
import { describe, expect, test } from 'vitest';
import {
  ALARM_CONDITIONS,
  ALARM_EXPORT_MAX_ROWS,
  CONDITION_SYMBOL,
  specPaging,
  toRecordFilter,
  toSignboardFilter,
  valueAgainstThreshold,
} from './alarm-filter';

describe('record filter', () => {
  test('texts trimmed, blanks left out, levels sorted, the range as whole local days', () => {
    const from = dayjs('2026-03-01T15:20:00');
    const to = dayjs('2026-03-03T01:00:00');
    expect(
      toRecordFilter({
        ouId: 4,
        deviceCode: '  M-1 ',
        deviceName: '   ',
        state: 0,
        alarmLevels: [3, 0],
        range: [from, to],
        read: 'false',
        source: null,
      }),
    ).toEqual({
      ouId: 4,
      deviceCode: 'M-1',
      state: 0,
      alarmLevels: [0, 3],
      read: 'false',
      alarmStartTime: dayjs('2026-03-01T00:00:00').toISOString(),
      alarmEndTime: dayjs('2026-03-03T23:59:59.999').toISOString(),
    });
    expect(toRecordFilter({ alarmLevels: [], range: null, ouId: null })).toEqual({});
  });

  test('the filter the page call accepts, as the API client sends it (query strings, arrays as repeated keys)', () => {
    const f = toRecordFilter({ alarmLevels: [1, 2], state: 1, read: 'true', range: [dayjs(), dayjs()] });
    const query = Object.fromEntries(
      Object.entries(specPaging({ ...f, pageOffset: 2, pageSize: 20 })).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
    );
    const parsed = contracts.alarmLogPage.query!.safeParse(query);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ alarmLevels: [1, 2], page: 2, size: 20, state: 1, read: 'true' });
  });

  test('signboard filter with the picked asset', () => {
    expect(toSignboardFilter({ deviceName: ' inv ', level: 0, state: null, assetId: 9, abnormalDiagnosis: '' })).toEqual({
      deviceName: 'inv',
      level: 0,
      assetId: 9,
    });
    const body = specPaging({ ...toSignboardFilter({ level: 2, assetId: 3 }), pageOffset: 1, pageSize: 50 });
    expect(contracts.signboardAlarmPage.body!.safeParse(body).success).toBe(true);
  });
});

describe('copies of the contracts kept equal', () => {
  test('condition symbols and the export limit', () => {
    expect(CONDITION_SYMBOL).toEqual(contracts.CONDITION_SYMBOL);
    expect(ALARM_CONDITIONS).toEqual([...contracts.ALARM_CONDITIONS]);
    expect(ALARM_EXPORT_MAX_ROWS).toBe(contracts.ALARM_EXPORT_MAX_ROWS);
  });
});

test('value against threshold', () => {
  expect(valueAgainstThreshold({ triggerValue: 251.25, condition: 'GT', threshold: 250, unit: 'V' })).toBe('251.25 V > 250 V');
  expect(valueAgainstThreshold({ triggerValue: 3, condition: 'LE', threshold: 5, unit: '' })).toBe('3 ≤ 5');
  expect(valueAgainstThreshold({ triggerValue: null, condition: null, threshold: null, unit: null })).toBe('-');
  expect(valueAgainstThreshold({ triggerValue: 1, condition: null, threshold: null, unit: 'kW' })).toBe('1 kW');
});
