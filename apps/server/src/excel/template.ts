import ExcelJS from 'exceljs';
import { headerOf, type Column, type Lang, type Localized } from './columns.js';

// Import templates: small workbooks built in memory.

/** Rows of a template that carry the drop-down lists. */
export const TEMPLATE_ROWS = 1000;

/** Excel's letters of a 1-based column. */
export function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** The values a column's drop-down offers: its choices, or its enum's labels. */
function choicesOf(c: Column<unknown>, lang: Lang): string[] | undefined {
  if (c.choices) return c.choices;
  if (c.type.kind === 'enum') return Object.values(c.type.labels).map((l) => l[lang]);
  return undefined;
}

/**
 * A template: the headers (required ones marked bold red), one example row, and for enumerations and
 * references a drop-down list (data validation) over TEMPLATE_ROWS rows, fed from a hidden `Lists` sheet.
 */
export function templateWorkbook(spec: { sheet: Localized; columns: Column<unknown>[]; lang: Lang }): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(spec.sheet[spec.lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  const lists = wb.addWorksheet('Lists', { state: 'hidden' });
  ws.columns = spec.columns.map((c) => ({ key: c.key, header: headerOf(c, spec.lang), width: c.width ?? 16 }));
  spec.columns.forEach((c, i) => {
    const cell = ws.getRow(1).getCell(i + 1);
    cell.font = { bold: true, color: c.required ? { argb: 'FFC00000' } : undefined };
    if (c.required) cell.note = spec.lang === 'zh-CN' ? '必填' : 'Required';
  });
  ws.addRow(spec.columns.map((c) => c.example ?? null));
  let listCol = 0;
  spec.columns.forEach((c, i) => {
    const choices = choicesOf(c, spec.lang);
    if (!choices) return;
    listCol++;
    const letter = columnLetter(listCol);
    lists.getCell(`${letter}1`).value = headerOf(c, spec.lang);
    choices.forEach((v, j) => (lists.getCell(`${letter}${j + 2}`).value = v));
    const target = columnLetter(i + 1);
    const validation: ExcelJS.DataValidation = {
      type: 'list',
      allowBlank: !c.required,
      formulae: [choices.length ? `Lists!$${letter}$2:$${letter}$${choices.length + 1}` : '""'],
      showErrorMessage: true,
      errorTitle: headerOf(c, spec.lang),
      error: spec.lang === 'zh-CN' ? '请从列表中选择' : 'Pick a value from the list',
    };
    (ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(
      `${target}2:${target}${TEMPLATE_ROWS + 1}`,
      validation,
    );
  });
  return wb;
}
