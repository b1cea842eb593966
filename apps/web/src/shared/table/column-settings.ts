/**
 * Column settings of a list table (spec 000 §3, §9): which columns show, in which order, how wide.
 * Pure functions; the saved form is exactly `{ key, width, display, showIndex }` per column.
 */

export const MIN_WIDTH = 40;
export const MAX_WIDTH = 600;
export const DEFAULT_WIDTH = 100;
/** The localStorage key of a table's settings is this prefix plus the table's cache key. */
export const STORAGE_PREFIX = 'energy.table.';

/** One column's saved setting; `showIndex` is its 0-based position among all columns. */
export interface ColumnSetting {
  key: string;
  width: number;
  display: boolean;
  showIndex: number;
}

/** What the settings need to know of a page's column. */
export interface ColumnDefault {
  key: string;
  width?: number | string;
  display?: boolean;
  showForce?: boolean;
}

/** The part of the Web Storage API used here (localStorage in the browser). */
export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A width in pixels inside 40..600; anything that is not a number gives the default 100. */
export function clampWidth(width: unknown): number {
  if (typeof width !== 'number' || !Number.isFinite(width)) return DEFAULT_WIDTH;
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(width)));
}

/** The page's own settings: its order, its widths, shown unless it says `display: false`. */
export function defaultSettings(columns: readonly ColumnDefault[]): ColumnSetting[] {
  return columns.map((column, index) => ({
    key: column.key,
    width: clampWidth(column.width),
    display: column.showForce ? true : column.display !== false,
    showIndex: index,
  }));
}

/**
 * The page's columns with the saved settings applied. Saved entries of columns the page no longer has
 * are dropped; columns the saved list does not know take their default place; showForce columns are
 * always displayed. The result is numbered 0..n-1 again.
 */
export function mergeSettings(columns: readonly ColumnDefault[], saved: readonly ColumnSetting[] | null): ColumnSetting[] {
  const defaults = defaultSettings(columns);
  if (!saved) return defaults;
  const savedByKey = new Map<string, ColumnSetting>();
  for (const entry of saved) if (!savedByKey.has(entry.key)) savedByKey.set(entry.key, entry);
  const forced = new Set(columns.filter((c) => c.showForce).map((c) => c.key));

  const known = defaults
    .filter((d) => savedByKey.has(d.key))
    .map((d) => {
      const s = savedByKey.get(d.key)!;
      return { key: d.key, width: clampWidth(s.width), display: forced.has(d.key) || s.display, showIndex: s.showIndex };
    })
    .sort((a, b) => a.showIndex - b.showIndex);
  // New columns, in page order, go back to their default position (or the end if the list is shorter).
  const ordered: ColumnSetting[] = [...known];
  for (const d of defaults) if (!savedByKey.has(d.key)) ordered.splice(Math.min(d.showIndex, ordered.length), 0, d);
  return ordered.map((s, index) => ({ ...s, showIndex: index }));
}

function parseEntry(value: unknown): ColumnSetting | null {
  if (typeof value !== 'object' || value === null) return null;
  const { key, width, display, showIndex } = value as Record<string, unknown>;
  if (typeof key !== 'string' || key === '' || typeof display !== 'boolean') return null;
  if (typeof showIndex !== 'number' || !Number.isInteger(showIndex) || showIndex < 0) return null;
  if (typeof width !== 'number' || !Number.isFinite(width)) return null;
  // Only the four fields are kept; any other field of a saved entry is ignored.
  return { key, width: clampWidth(width), display, showIndex };
}

/** Parses a saved value; anything that is not a list of valid entries gives null (the defaults). */
export function parseSettings(raw: string | null): ColumnSetting[] | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const entries = value.map(parseEntry);
  return entries.every((e): e is ColumnSetting => e !== null) ? entries : null;
}

function browserStorage(): SettingsStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** The saved settings of a table, or null when there are none or they are unreadable. */
export function loadSettings(cacheKey: string, storage: SettingsStorage | null = browserStorage()): ColumnSetting[] | null {
  try {
    return parseSettings(storage?.getItem(STORAGE_PREFIX + cacheKey) ?? null);
  } catch {
    return null;
  }
}

/** Saves the settings as `[{ key, width, display, showIndex }]`; a full or disabled storage is ignored. */
export function saveSettings(cacheKey: string, settings: readonly ColumnSetting[], storage: SettingsStorage | null = browserStorage()) {
  const value = settings.map(({ key, width, display, showIndex }) => ({ key, width, display, showIndex }));
  try {
    storage?.setItem(STORAGE_PREFIX + cacheKey, JSON.stringify(value));
  } catch {
    // The settings then last until the page is left.
  }
}

/** Forgets a table's saved settings (the Reset link). */
export function clearSettings(cacheKey: string, storage: SettingsStorage | null = browserStorage()) {
  try {
    storage?.removeItem(STORAGE_PREFIX + cacheKey);
  } catch {
    // Nothing saved can be removed either.
  }
}

/** The displayed columns in their set order, each with its set width. */
export function visibleColumns<C extends { key: string }>(
  columns: readonly C[],
  settings: readonly ColumnSetting[],
): (C & { width: number })[] {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return [...settings]
    .sort((a, b) => a.showIndex - b.showIndex)
    .filter((s) => s.display && byKey.has(s.key))
    .map((s) => ({ ...byKey.get(s.key)!, width: s.width }));
}

/** Shows or hides a column; a showForce column stays shown, and the last shown column cannot be hidden. */
export function setDisplay(
  settings: readonly ColumnSetting[],
  columns: readonly ColumnDefault[],
  key: string,
  display: boolean,
): ColumnSetting[] {
  if (!display && !canHide(settings, columns, key)) return [...settings];
  return settings.map((s) => (s.key === key ? { ...s, display } : s));
}

/** Whether a column may be hidden: not showForce and not the only one still shown. */
export function canHide(settings: readonly ColumnSetting[], columns: readonly ColumnDefault[], key: string): boolean {
  if (columns.some((c) => c.key === key && c.showForce)) return false;
  return settings.some((s) => s.key !== key && s.display);
}

/** Moves a column one place up (-1) or down (+1); at either end nothing changes. */
export function moveColumn(settings: readonly ColumnSetting[], key: string, step: -1 | 1): ColumnSetting[] {
  const ordered = [...settings].sort((a, b) => a.showIndex - b.showIndex);
  const from = ordered.findIndex((s) => s.key === key);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ordered.length) return ordered;
  [ordered[from], ordered[to]] = [ordered[to]!, ordered[from]!];
  return ordered.map((s, index) => ({ ...s, showIndex: index }));
}

/** Sets a column's width, kept inside 40..600. */
export function resizeColumn(settings: readonly ColumnSetting[], key: string, width: number): ColumnSetting[] {
  return settings.map((s) => (s.key === key ? { ...s, width: clampWidth(width) } : s));
}
