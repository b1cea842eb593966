/** Spec 000 §5: fields of a span that stay in the collapsed row (the rest of the row holds the buttons). */
export const COLLAPSED_COUNT = { 4: 5, 6: 3, 8: 2, 12: 1 } as const;
export type FieldSpan = keyof typeof COLLAPSED_COUNT;
export const DEFAULT_SPAN: FieldSpan = 6;

/** How many fields of one span fit the collapsed row. */
export function collapsedCount(span: FieldSpan = DEFAULT_SPAN): number {
  return COLLAPSED_COUNT[span];
}

/**
 * How many leading fields stay when collapsed, for fields of mixed spans: each field takes
 * 1 / collapsedCount(span) of the row (in thirtieths, to stay in integers) and fields are kept while
 * the row is not over full. With one span this is exactly collapsedCount(span).
 */
export function keptWhenCollapsed(spans: readonly (FieldSpan | undefined)[]): number {
  let used = 0;
  for (let i = 0; i < spans.length; i++) {
    used += 30 / collapsedCount(spans[i]);
    if (used > 30) return i;
  }
  return spans.length;
}

/** Columns (of 24) left for the buttons after the given fields wrap into rows; a full row when none is left. */
export function buttonSpan(spans: readonly (FieldSpan | undefined)[]): number {
  let used = 0;
  for (const span of spans) {
    const s = span ?? DEFAULT_SPAN;
    used = used + s > 24 ? s : used + s;
  }
  return used === 24 ? 24 : 24 - used;
}

/** Whether a field holds a condition (empty strings and empty lists do not count). */
export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some((v) => v !== undefined && v !== null && v !== '');
  return true;
}
