import type { FastifyRequest } from 'fastify';

// Column specs of a list: one description serves the export (XLSX and CSV), the import (header mapping
// and cell parsing) and the template. docs/excel.md.

export type Lang = 'en-US' | 'zh-CN';
export const LANGS: readonly Lang[] = ['en-US', 'zh-CN'];
export type Localized = Record<Lang, string>;

export type ColumnType =
  | { kind: 'text'; max?: number }
  /** A number; `unit` goes into the header ("Rated power (kW)"), `numFmt` is the Excel number format. */
  | { kind: 'number'; unit?: string; numFmt?: string }
  /** An instant, shown as wall-clock time in the tenant's time zone. */
  | { kind: 'datetime' }
  /** A value with localized labels (level names, conditions in words); the file holds the label. */
  | { kind: 'enum'; labels: Record<string, Localized> };

export interface Column<R> {
  key: string;
  header: Localized;
  type: ColumnType;
  /** The cell's value from an exported row (null for none). */
  value?: (row: R) => unknown;
  /** Characters, as Excel counts column widths. */
  width?: number;
  /** The import refuses a row without it. */
  required?: boolean;
  /** The template's example value (in the file's form: a label for enums). */
  example?: unknown;
  /** The template offers these values in a drop-down (enums offer their labels by themselves). */
  choices?: string[];
}

/** A text column headed in both languages: the exported row's own field, or what `value` reads from the row. */
export function textColumn<R>(key: keyof R & string, en: string, zh: string, width: number): Column<R>;
export function textColumn<R>(key: string, en: string, zh: string, width: number, value: (r: R) => string | null): Column<R>;
export function textColumn<R>(key: string, en: string, zh: string, width: number, value?: (r: R) => string | null): Column<R> {
  return {
    key,
    header: { 'en-US': en, 'zh-CN': zh },
    type: { kind: 'text' },
    width,
    value: value ?? ((r) => r[key as keyof R]),
  };
}

/** The header as the file shows it: the name and, for numbers with a unit, the unit. */
export function headerOf(column: Pick<Column<unknown>, 'header' | 'type'>, lang: Lang): string {
  const unit = column.type.kind === 'number' ? column.type.unit : undefined;
  return unit ? `${column.header[lang]} (${unit})` : column.header[lang];
}

/** The language of a download: the query's, else the `lang` cookie the web app keeps, else en-US. */
export function langOf(req: FastifyRequest, asked?: Lang): Lang {
  if (asked) return asked;
  const cookie = (req.cookies as Record<string, string | undefined> | undefined)?.lang;
  return cookie === 'zh-CN' ? 'zh-CN' : 'en-US';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts of an instant in a time zone. */
function wallClock(at: Date, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: +p.year!, mo: +p.month!, d: +p.day!, h: +p.hour!, mi: +p.minute!, s: +p.second! };
}

/** An instant as a Date whose UTC fields are the wall-clock time in `timeZone` (what an XLSX date cell holds). */
export function zonedCellDate(at: Date, timeZone: string): Date {
  const w = wallClock(at, timeZone);
  return new Date(Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s));
}

/** An instant as `YYYY-MM-DD HH:mm:ss` in `timeZone` (CSV). */
export function zonedText(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.y}-${two(w.mo)}-${two(w.d)} ${two(w.h)}:${two(w.mi)}:${two(w.s)}`;
}

export const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** A row's cell for XLSX (typed: numbers stay numbers, instants become dates) or CSV (text). */
export function cellOf<R>(column: Column<R>, row: R, lang: Lang, timeZone: string, format: 'xlsx' | 'csv'): unknown {
  const v = column.value ? column.value(row) : null;
  if (v === null || v === undefined || v === '') return null;
  switch (column.type.kind) {
    case 'datetime': {
      const at = v instanceof Date ? v : new Date(String(v));
      if (Number.isNaN(at.getTime())) return null;
      return format === 'xlsx' ? zonedCellDate(at, timeZone) : zonedText(at, timeZone);
    }
    case 'enum':
      return column.type.labels[String(v)]?.[lang] ?? String(v);
    case 'number':
      return typeof v === 'number' ? v : Number(v);
    default:
      return String(v);
  }
}

/** Header text in a comparable form: case and spacing do not matter ("Rated power(KW)" = "rated power (kW)"). */
export const normalizeHeader = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
