import { registerTexts } from '../i18n';

/** Texts of the import / export buttons, under `excel.` in the translation. */
const en = {
  export: 'Export',
  tooMany: 'At most {{n}} rows are exported; narrow the filter for the rest.',
  exportXlsx: 'Excel workbook (.xlsx)',
  exportCsv: 'CSV file (.csv)',
  template: 'Download template',
  import: 'Import',
  importTitle: 'Import',
  running: 'Importing: {{processed}} of {{total}} rows checked',
  starting: 'Reading the file…',
  done: '{{n}} rows imported',
  failed: 'The import failed: nothing was imported',
  problemCount: '{{n}} problems found',
  problemsListed: 'The first {{n}} are listed below.',
  problemsWorkbook: 'Download the file with the problems marked',
  row: 'Row',
  column: 'Column',
  message: 'Problem',
  close: 'Close',
  background: 'The import goes on if you leave this page; its progress shows again when you come back.',
  uploadFailed: '{{name}} could not be imported',
};

const zh: typeof en = {
  export: '导出',
  tooMany: '最多导出 {{n}} 行；请缩小筛选范围以导出其余记录。',
  exportXlsx: 'Excel 工作簿 (.xlsx)',
  exportCsv: 'CSV 文件 (.csv)',
  template: '下载模板',
  import: '导入',
  importTitle: '导入',
  running: '正在导入：已检查 {{processed}} / {{total}} 行',
  starting: '正在读取文件…',
  done: '已导入 {{n}} 行',
  failed: '导入失败：未导入任何数据',
  problemCount: '发现 {{n}} 个问题',
  problemsListed: '下方列出前 {{n}} 个。',
  problemsWorkbook: '下载标出问题的文件',
  row: '行',
  column: '列',
  message: '问题',
  close: '关闭',
  background: '离开本页面导入仍会继续，回到本页面时会再次显示进度。',
  uploadFailed: '{{name}} 导入失败',
};

registerTexts('excel', { 'en-US': en, 'zh-CN': zh });
