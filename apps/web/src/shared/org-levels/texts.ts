import { registerTexts } from '../i18n';

/** Texts of the organisation-level editor. */
const en = {
  level: 'Level {{n}}',
  add: 'Add level',
  remove: 'Remove {{title}}',
  atMost: 'A company can set at most {{n}} levels',
  atLeast: 'A company needs at least one level',
};
const zh: typeof en = {
  level: '第{{n}}级',
  add: '添加层级',
  remove: '删除{{title}}',
  atMost: '公司最多可设置 {{n}} 个层级',
  atLeast: '公司至少需要一个层级',
};

registerTexts('orgLevels', { 'en-US': en, 'zh-CN': zh });
