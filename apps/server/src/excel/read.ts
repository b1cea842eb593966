import fs from 'node:fs';
import { ErrorCode } from '@energy/contracts';
import ExcelJS from 'exceljs';
import { AppError } from '../plugins/errors.js';

// Reading an uploaded table: the first sheet of an XLSX file (streamed, so a large file is not held as a
// workbook model), or a CSV file (UTF-8, with or without BOM; comma or semicolon separated).

/** A cell as read: text, a number, a boolean, a date, or null for an empty cell. */
export type Cell = string | number | boolean | Date | null;

export interface Table {
  /** Header texts of row 1, by column position (0-based). */
  headers: string[];
  /** Data rows that are not blank, with their row number in the sheet (the header row is 1). */
  rows: { row: number; cells: Cell[] }[];
}

/** The most data rows one file may hold. */
export const MAX_IMPORT_ROWS = 100_000;

export type TableFormat = 'xlsx' | 'csv';

/** The format of an uploaded file by its name, or a clear refusal. */
export function tableFormatOf(fileName: string): TableFormat {
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  if (ext === 'xlsx' || ext === 'csv') return ext;
  throw new AppError(ErrorCode.UNSUPPORTED_FILE_TYPE, 'file: upload an .xlsx or .csv file');
}

export async function readTable(file: string, format: TableFormat): Promise<Table> {
  return format === 'csv' ? parseCsv(await fs.promises.readFile(file, 'utf8')) : readXlsx(file);
}

/** One cell value of exceljs as plain data: rich text, hyperlinks and formulas give their text or result. */
export function plainCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (o.richText) return plainCell(o.richText.map((r) => r.text).join(''));
    if ('result' in o) return plainCell(o.result);
    if (o.text !== undefined) return plainCell(o.text);
    if (o.error) return o.error;
  }
  return String(v);
}

function addRow(table: Table, row: number, cells: Cell[]) {
  if (row === 1) {
    table.headers = cells.map((c) => (c === null ? '' : String(c).trim()));
    return;
  }
  if (cells.every((c) => c === null)) return;
  if (table.rows.length >= MAX_IMPORT_ROWS)
    throw new AppError(ErrorCode.VALIDATION, `file: holds more than ${MAX_IMPORT_ROWS} rows; split it into several files`);
  table.rows.push({ row, cells });
}

async function readXlsx(file: string): Promise<Table> {
  const table: Table = { headers: [], rows: [] };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const r of sheet) {
        const values = (r as ExcelJS.Row).values as unknown[];
        const cells: Cell[] = [];
        for (let i = 1; i < values.length; i++) cells.push(plainCell(values[i]));
        addRow(table, (r as ExcelJS.Row).number, cells);
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorCode.UNSUPPORTED_FILE_TYPE, 'file: is not a readable .xlsx workbook');
  }
  if (!table.headers.length) throw new AppError(ErrorCode.VALIDATION, 'file: has no header row');
  return table;
}

/** RFC 4180 CSV: quoted fields with doubled quotes and line breaks; the separator is the header's (`,` or `;`). */
export function parseCsv(text: string): Table {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const sep = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  const table: Table = { headers: [], rows: [] };
  let row: Cell[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let i = 0;
  const endField = () => {
    const t = field.trim();
    // our own CSV exports neutralise a leading = + - @ with a quote (plugins/csv.ts): undo it
    row.push(t === '' ? null : /^'[=+\-@\t\r]/.test(field) ? field.slice(1) : field);
    field = '';
  };
  const endRow = () => {
    endField();
    addRow(table, line, row);
    row = [];
    line++;
  };
  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') ((field += '"'), (i += 2));
      else if (ch === '"') ((quoted = false), i++);
      else ((field += ch), i++);
    } else if (ch === '"' && field.trim() === '') ((quoted = true), (field = ''), i++);
    else if (ch === sep) (endField(), i++);
    else if (ch === '\r' && src[i + 1] === '\n') (endRow(), (i += 2));
    else if (ch === '\n' || ch === '\r') (endRow(), i++);
    else ((field += ch), i++);
  }
  if (field !== '' || row.length) endRow();
  if (!table.headers.length || table.headers.every((h) => h === '')) throw new AppError(ErrorCode.VALIDATION, 'file: has no header row');
  return table;
}
