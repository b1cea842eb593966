import { describe, expect, test } from 'vitest';
import { buttonSpan, COLLAPSED_COUNT, collapsedCount, hasValue, keptWhenCollapsed } from './collapse';

describe('collapsed row', () => {
  test('the spec map 4:5, 6:3, 8:2, 12:1, default span 6', () => {
    expect(COLLAPSED_COUNT).toEqual({ 4: 5, 6: 3, 8: 2, 12: 1 });
    expect([collapsedCount(4), collapsedCount(6), collapsedCount(8), collapsedCount(12), collapsedCount()]).toEqual([5, 3, 2, 1, 3]);
  });

  test.each([4, 6, 8, 12] as const)('span %i: as many fields as the map says stay', (span) => {
    const spans = Array.from({ length: 8 }, () => span);
    expect(keptWhenCollapsed(spans)).toBe(COLLAPSED_COUNT[span]);
    expect(keptWhenCollapsed(spans.slice(0, 1))).toBe(1);
  });

  test('mixed spans share the row by the same measure', () => {
    expect(keptWhenCollapsed([8, 4, 4, 4])).toBe(3); // 1/2 + 1/5 + 1/5 fits, a third 1/5 does not
    expect(keptWhenCollapsed([6, 6, 12])).toBe(2);
    expect(keptWhenCollapsed([12, 4])).toBe(1);
    expect(keptWhenCollapsed([undefined, undefined, undefined, undefined])).toBe(3);
    expect(keptWhenCollapsed([])).toBe(0);
  });

  test('the buttons take the rest of the last row, or a row of their own', () => {
    expect(buttonSpan([6, 6, 6])).toBe(6);
    expect(buttonSpan([4, 4, 4, 4, 4])).toBe(4);
    expect(buttonSpan([6, 6, 6, 6])).toBe(24);
    expect(buttonSpan([6, 6, 6, 6, 6])).toBe(18);
    expect(buttonSpan([12, 8, 8])).toBe(16); // 8 does not fit after 12 + 8 and starts a row
    expect(buttonSpan([])).toBe(24);
  });

  test('hasValue: empty strings, blank text and empty lists hold no condition', () => {
    expect([undefined, null, '', '  ', [], [undefined, undefined]].map(hasValue)).toEqual([false, false, false, false, false, false]);
    expect([0, false, 'a', ['x'], { a: 1 }].map(hasValue)).toEqual([true, true, true, true, true]);
  });
});
