import { registerTexts } from '../i18n';

/** Texts of the Table block, under `table.` in the translation. */
const en = {
  total: 'Total {{n}} items',
  columnSettings: 'Column settings',
  reset: 'Reset',
  moveUp: 'Move {{title}} up',
  moveDown: 'Move {{title}} down',
  alwaysShown: 'Always shown',
  resize: 'Resize column {{title}}',
};

const zh: typeof en = {
  total: '共 {{n}} 条',
  columnSettings: '列设置',
  reset: '重置',
  moveUp: '上移 {{title}}',
  moveDown: '下移 {{title}}',
  alwaysShown: '始终显示',
  resize: '调整列宽 {{title}}',
};

registerTexts('table', { 'en-US': en, 'zh-CN': zh });
