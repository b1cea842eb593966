import type { z } from 'zod';
import { headerOf, LANGS, normalizeHeader, type Column, type Lang } from './columns.js';
import type { Cell, Table } from './read.js';

// The generic half of an import: the file's headers mapped to the list's columns (en-US or zh-CN, case
// and spacing insensitive), cells parsed by column type, zod issues turned into cell problems. The
// runner (duplicates, taken keys, the all-or-nothing insert) is run-import.ts; what an entity adds
// (columns, references by name, its insert) is in its own file (devices-excel.ts).

/** One problem of a file; `col` is the 0-based column of the file (none for a missing column). */
export interface Problem {
  row: number;
  column: string;
  message: string;
  col?: number;
}

export interface MappedTable {
  /** Column key to its position in the file. */
  positions: Map<string, number>;
  /** The header text of the file for a column key (or the en-US header when the file lacks it). */
  headerText(key: string): string;
  /** The file's language, as far as its headers tell (for problem texts). */
  lang: Lang;
}

/** Maps the file's headers; missing required columns are problems on row 1. Unknown columns are ignored. */
export function mapHeaders(table: Table, columns: Column<unknown>[], problems: Problem[]): MappedTable {
  const byText = new Map<string, { key: string; lang: Lang }>();
  for (const c of columns)
    for (const lang of LANGS)
      for (const text of [headerOf(c, lang), c.header[lang]]) byText.set(normalizeHeader(text), { key: c.key, lang });
  const positions = new Map<string, number>();
  const langCount: Record<Lang, number> = { 'en-US': 0, 'zh-CN': 0 };
  table.headers.forEach((h, i) => {
    const hit = byText.get(normalizeHeader(h));
    if (hit && !positions.has(hit.key)) {
      positions.set(hit.key, i);
      langCount[hit.lang]++;
    }
  });
  const lang: Lang = langCount['zh-CN'] > langCount['en-US'] ? 'zh-CN' : 'en-US';
  for (const c of columns)
    if (c.required && !positions.has(c.key)) problems.push({ row: 1, column: headerOf(c, lang), message: MESSAGES.missingColumn[lang] });
  const headerText = (key: string) => {
    const i = positions.get(key);
    const c = columns.find((x) => x.key === key);
    return i !== undefined ? table.headers[i]! : c ? headerOf(c, lang) : key;
  };
  return { positions, headerText, lang };
}

/** Problem texts in both languages. */
export const MESSAGES = {
  missingColumn: { 'en-US': 'The column is missing', 'zh-CN': '缺少此列' },
  required: { 'en-US': 'Is required', 'zh-CN': '必填' },
  notNumber: { 'en-US': 'Must be a number', 'zh-CN': '必须是数字' },
  wrongUnit: { 'en-US': 'Must be in {unit}, not {given}', 'zh-CN': '单位必须是 {unit}，而不是 {given}' },
  noUnit: { 'en-US': 'Must be a number without a unit (not {given})', 'zh-CN': '必须是不带单位的数字（而不是 {given}）' },
  oneOf: { 'en-US': 'Must be one of: ', 'zh-CN': '必须是以下之一：' },
  tooLong: { 'en-US': 'Is too long (at most {n} characters)', 'zh-CN': '过长（最多 {n} 个字符）' },
} satisfies Record<string, Record<Lang, string>>;

/** Parses one row's cells by column type; answers the values by key (undefined for empty cells). */
export function parseRow(
  cells: Cell[],
  row: number,
  columns: Column<unknown>[],
  mapped: MappedTable,
  problems: Problem[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const lang = mapped.lang;
  for (const c of columns) {
    const i = mapped.positions.get(c.key);
    if (i === undefined) continue;
    const raw = cells[i] ?? null;
    const report = (message: string) => problems.push({ row, column: mapped.headerText(c.key), message, col: i });
    if (raw === null) {
      if (c.required) report(MESSAGES.required[lang]);
      continue;
    }
    const t = c.type;
    if (t.kind === 'number') {
      // a number as text may carry the column's unit ("12.5 kWp"); another unit ("12500 Wp") is refused, not converted
      const m = typeof raw === 'string' ? /^([-+]?[\d,]*\.?\d+(?:e[-+]?\d+)?)\s*([^\d\s.,+-][^\d]*)?$/i.exec(raw.trim()) : null;
      const given = m?.[2]?.trim();
      const n = typeof raw === 'number' ? raw : m ? Number(m[1]!.replace(/,/g, '')) : NaN;
      if (given && normalizeHeader(given) !== normalizeHeader(t.unit ?? ''))
        report((t.unit ? MESSAGES.wrongUnit[lang].replace('{unit}', t.unit) : MESSAGES.noUnit[lang]).replace('{given}', given));
      else if (!Number.isFinite(n)) report(MESSAGES.notNumber[lang]);
      else out[c.key] = n;
    } else if (t.kind === 'enum') {
      const text = normalizeHeader(String(raw));
      const hit = Object.entries(t.labels).find(
        ([value, labels]) => normalizeHeader(value) === text || LANGS.some((l) => normalizeHeader(labels[l]) === text),
      );
      if (hit) out[c.key] = hit[0];
      else
        report(
          MESSAGES.oneOf[lang] +
            Object.values(t.labels)
              .map((l) => l[lang])
              .join(', '),
        );
    } else if (t.kind === 'datetime') {
      out[c.key] = raw instanceof Date ? raw : new Date(String(raw));
    } else {
      const s = (raw instanceof Date ? raw.toISOString() : String(raw)).trim();
      if (t.max && s.length > t.max) report(MESSAGES.tooLong[lang].replace('{n}', String(t.max)));
      else out[c.key] = s;
    }
  }
  return out;
}

/** Zod issues of a row as problems, each on the column its path names (`pathColumn` maps a path to a column key). */
export function zodProblems(
  error: z.ZodError,
  row: number,
  mapped: MappedTable,
  pathColumn: (path: PropertyKey[]) => string,
  problems: Problem[],
) {
  for (const issue of error.issues) {
    const key = pathColumn(issue.path);
    problems.push({ row, column: mapped.headerText(key), message: issueMessage(issue, mapped.lang), col: mapped.positions.get(key) });
  }
}

/** A zod issue in the file's language: zod's own text in en-US (capitalised), ours in zh-CN. */
export function issueMessage(issue: z.core.$ZodIssue, lang: Lang): string {
  if (lang === 'en-US') return issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
  const i = issue as { code: string; maximum?: unknown; minimum?: unknown; origin?: string; inclusive?: boolean };
  const text = i.origin === 'string';
  switch (i.code) {
    case 'too_big':
      return text ? `最多 ${String(i.maximum)} 个字符` : `${i.inclusive === false ? '必须小于' : '不能大于'} ${String(i.maximum)}`;
    case 'too_small':
      return text
        ? Number(i.minimum) <= 1
          ? '必填'
          : `至少 ${String(i.minimum)} 个字符`
        : `${i.inclusive === false ? '必须大于' : '不能小于'} ${String(i.minimum)}`;
    case 'invalid_type':
      return '格式不正确';
    default:
      return '无效的值';
  }
}

/** Problems in file order: by row, then by column. */
export const byPosition = (a: Problem, b: Problem) => a.row - b.row || (a.col ?? -1) - (b.col ?? -1);
