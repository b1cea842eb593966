import { registerTexts } from '../i18n';

/** Texts of the Filter form block, under `filterForm.` in the translation. */
const en = {
  query: 'Query',
  reset: 'Reset',
  clear: 'Clear conditions',
  expand: 'Expand',
  collapse: 'Collapse',
  hiddenSet_one: '{{count}} hidden condition is set',
  hiddenSet_other: '{{count}} hidden conditions are set',
};

const zh: typeof en = {
  query: '查询',
  reset: '重置',
  clear: '清空条件',
  expand: '展开',
  collapse: '收起',
  hiddenSet_one: '{{count}} 个隐藏条件已设置',
  hiddenSet_other: '{{count}} 个隐藏条件已设置',
};

registerTexts('filterForm', { 'en-US': en, 'zh-CN': zh });
