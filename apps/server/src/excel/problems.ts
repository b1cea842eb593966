import ExcelJS from 'exceljs';
import type { Lang, Localized } from './columns.js';
import type { Problem } from './import.js';
import { readTable, type TableFormat } from './read.js';

// The problems workbook of a failed import: the uploaded sheet itself (an XLSX keeps its formatting; a CSV
// becomes a sheet) with every bad cell marked by a red fill and a note, and a Problems column.

const PROBLEM_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const PROBLEMS_HEADER: Localized = { 'en-US': 'Problems', 'zh-CN': '问题' };

/** Marks the problems on a sheet whose header row has `headerCount` columns. */
export function markProblems(ws: ExcelJS.Worksheet, headerCount: number, problems: Problem[], lang: Lang) {
  const problemCol = headerCount + 1;
  const header = ws.getRow(1).getCell(problemCol);
  header.value = PROBLEMS_HEADER[lang];
  header.font = { bold: true, color: { argb: 'FFC00000' } };
  ws.getColumn(problemCol).width = 60;
  const byRow = new Map<number, Problem[]>();
  for (const p of problems) byRow.set(p.row, [...(byRow.get(p.row) ?? []), p]);
  for (const [rowNo, list] of byRow) {
    const row = ws.getRow(rowNo);
    const byCol = new Map<number, string[]>();
    for (const p of list) if (p.col !== undefined) byCol.set(p.col, [...(byCol.get(p.col) ?? []), p.message]);
    for (const [col, messages] of byCol) {
      const cell = row.getCell(col + 1);
      cell.fill = PROBLEM_FILL;
      cell.note = messages.join('\n');
    }
    const text = row.getCell(problemCol);
    text.value = list.map((p) => `${p.column}: ${p.message}`).join('\n');
    text.font = { color: { argb: 'FFC00000' } };
    text.alignment = { wrapText: true, vertical: 'top' };
  }
}

/** The problems workbook of an uploaded file. */
export async function problemsWorkbook(file: string, format: TableFormat, problems: Problem[], lang: Lang): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  if (format === 'xlsx') {
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0]!;
    // the headers' extent: the last non-empty header cell
    const header = ws.getRow(1);
    let count = 0;
    header.eachCell((_cell, col) => (count = Math.max(count, col)));
    // a Problems column of an earlier round is replaced, not added again
    const last = count ? String(header.getCell(count).value ?? '') : '';
    if (Object.values(PROBLEMS_HEADER).includes(last)) {
      ws.getColumn(count).eachCell((cell) => (cell.value = null));
      count--;
    }
    for (let i = 2; i <= ws.rowCount; i++) {
      const cell = ws.getRow(i).getCell(count + 1);
      cell.value = null;
    }
    markProblems(ws, count, problems, lang);
    return wb;
  }
  const table = await readTable(file, format);
  const ws = wb.addWorksheet(PROBLEMS_HEADER[lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.getRow(1).values = table.headers;
  ws.getRow(1).font = { bold: true };
  for (const r of table.rows) ws.getRow(r.row).values = r.cells as ExcelJS.CellValue[];
  markProblems(ws, table.headers.length, problems, lang);
  return wb;
}
