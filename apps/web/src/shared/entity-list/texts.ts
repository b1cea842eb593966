import { registerTexts } from '../i18n';

/** Texts of the entity list page, under `entityList.` in the translation. */
const en = {
  actions: 'Actions',
  delete: 'Delete',
  deleted: '{{name}} deleted',
};

const zh: typeof en = {
  actions: '操作',
  delete: '删除',
  deleted: '已删除 {{name}}',
};

registerTexts('entityList', { 'en-US': en, 'zh-CN': zh });
