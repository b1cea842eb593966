import { registerTexts } from '../../shared/i18n';

/** The audit log page's texts: `t('audit.<key>')`. */
const en = {
  title: 'Audit log',
  at: 'Time',
  user: 'User',
  staff: 'Staff',
  staffPlaceholder: 'Staff code, username or name',
  call: 'Call',
  callPlaceholder: 'Part of the call',
  target: 'Target',
  outcome: 'Outcome',
  code: 'Code',
  ip: 'Address',
  duration: 'Duration (ms)',
  export: 'Export CSV',
  range: 'Time range',
  all: 'All',
  ok: 'Succeeded',
  error: 'Failed',
};

const zh: typeof en = {
  title: '审计日志',
  at: '时间',
  user: '用户',
  staff: '员工',
  staffPlaceholder: '员工编码、用户名或姓名',
  call: '调用',
  callPlaceholder: '调用名称的一部分',
  target: '对象',
  outcome: '结果',
  code: '代码',
  ip: '地址',
  duration: '耗时（毫秒）',
  export: '导出 CSV',
  range: '时间范围',
  all: '全部',
  ok: '成功',
  error: '失败',
};

registerTexts('audit', { 'en-US': en, 'zh-CN': zh });
