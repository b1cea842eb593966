import { registerTexts } from '../i18n';

/** Texts of the permission tree. */
const en = {
  label: 'Permissions',
  autoSync: 'Auto-sync',
  autoSyncHint: 'Pages the platform adds later under {{title}} are granted automatically.',
  frozen: 'frozen',
  frozenHint: 'This permission is frozen: it cannot be checked or changed.',
  selectAll: 'Select all',
  selectAllHint: 'Check this page and all its buttons',
  empty: 'No permissions',
  keys: 'Arrow keys move, Enter checks, Space toggles, Tab toggles auto-sync where offered.',
};
const zh: typeof en = {
  label: '权限',
  autoSync: '自动同步',
  autoSyncHint: '平台以后在{{title}}下新增的页面将自动授予。',
  frozen: '已冻结',
  frozenHint: '该权限已冻结，不能勾选或修改。',
  selectAll: '全选',
  selectAllHint: '勾选该页面及其全部按钮',
  empty: '暂无权限',
  keys: '方向键移动，Enter 勾选，空格切换，Tab 在可用处切换自动同步。',
};

registerTexts('permTree', { 'en-US': en, 'zh-CN': zh });
