import { describe, expect, it } from 'vitest';
import { parseRanges, rangesText } from './point-ranges';

describe('point ranges as text', () => {
  it('reads ranges with negative bounds and writes them back the same', () => {
    const parsed = parseRanges('-20-0 warning, 0-45 normal；45-60 fault');
    expect(parsed).toEqual({
      ranges: [
        { from: -20, to: 0, state: 'warning' },
        { from: 0, to: 45, state: 'normal' },
        { from: 45, to: 60, state: 'fault' },
      ],
    });
    expect(rangesText((parsed as { ranges: never[] }).ranges)).toBe('-20-0 warning, 0-45 normal, 45-60 fault');
  });

  it('names the part it cannot read; nothing is no ranges', () => {
    expect(parseRanges('2.8-3.65 normal, 3.65 fault')).toEqual({ bad: '3.65 fault' });
    expect(parseRanges('1-2 ok')).toEqual({ bad: '1-2 ok' });
    expect(parseRanges('  ')).toEqual({ ranges: [] });
  });
});
