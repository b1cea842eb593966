/**
 * The words the error texts are built from (docs/i18n.md, "Error messages"): each error code's default
 * message, the things messages name, zod's types and formats, bounds and their units, states and stages.
 * error-templates.ts and error-texts.ts compose messages from them.
 */
import { ErrorCode, type ErrorCodeValue } from '../common/errors.js';
import { SEEDED_TEXTS_ZH } from './seeded-texts.js';

/** The default message of each error code (`defaultMessageOf`) in Chinese. */
export const DEFAULT_MESSAGES_ZH: Record<ErrorCodeValue, string> = {
  [ErrorCode.OK]: '成功',
  [ErrorCode.BUSINESS_FAILURE]: '请求失败，请稍后再试',
  [ErrorCode.VALIDATION]: '输入无效',
  [ErrorCode.MALFORMED_BODY]: '请求体格式错误',
  [ErrorCode.PAYLOAD_TOO_LARGE]: '请求过大',
  [ErrorCode.UNSUPPORTED_FILE_TYPE]: '请上传正确格式的文件',
  [ErrorCode.WRONG_PASSWORD]: '密码错误',
  [ErrorCode.QUOTA_EXCEEDED]: '租户的上传配额已用完',
  [ErrorCode.CONFLICT]: '该值已被占用',
  [ErrorCode.UNAUTHENTICATED]: '未登录',
  [ErrorCode.LOGIN_FAILED]: '用户名或密码错误',
  [ErrorCode.FORBIDDEN]: '您没有执行此操作的权限',
  [ErrorCode.STAFF_NOT_OWNED]: '该员工账号不属于您',
  [ErrorCode.NOT_FOUND]: '对象不存在',
  [ErrorCode.STAFF_NOT_SELECTED]: '请选择员工账号',
  [ErrorCode.STAFF_DISABLED]: '该员工账号已停用',
  [ErrorCode.STAFF_FROZEN]: '该员工账号已冻结',
  [ErrorCode.PASSWORD_CHANGE_REQUIRED]: '请设置新密码：您登录所用的密码只能使用一次',
  [ErrorCode.TOO_MANY_ATTEMPTS]: '失败次数过多，请稍后再试',
  [ErrorCode.RATE_LIMITED]: '请求过于频繁，请稍后再试',
  [ErrorCode.INTERNAL]: '未知错误，请联系管理员',
  [ErrorCode.SESSION_EXPIRED]: '登录已过期，请刷新页面重新登录',
};

/** The things a message names (`notFound(what)`, "is not one of your …"), by their English words. */
export const NOUNS: Record<string, string> = {
  'The download link (expired or used up)': '下载链接（已过期或已用完）',
  'The file': '文件',
  'The current staff': '当前员工账号',
  'The firmware package': '固件包',
  'The job': '任务',
  'The file of the job': '任务的文件',
  'Channel link': '渠道关联',
  'The tenant': '租户',
  'The object': '对象',
  // with a code or name after them: `Customer C-01 does not exist`
  Customer: '客户',
  'Customer user': '客户用户',
  'PV inverter': '光伏逆变器',
  'PV module': '光伏组件',
  'PV string': '光伏组串',
  'Battery rack': '电池簇',
  'Battery pack': '电池包',
  Alarm: '告警',
  'Alarm rule': '告警规则',
  'Data-point template': '点位模板',
  'Data-point template version': '点位模板版本',
  Circuit: '回路',
  'Battery stack': '电池堆',
  'Storage station': '储能电站',
  'Cabinet link': '储能柜关联',
  'Storage cabinet': '储能柜',
  'Line-loss configuration': '线损配置',
  'Line-loss alarm rule': '线损告警规则',
  'Line-loss alarm log': '线损告警记录',
  'Operating unit': '运营单元',
  OU: '运营单元',
  'PV area': '光伏区域',
  'PV station': '光伏电站',
  Staff: '员工',
  Strategy: '策略',
  'Remote command': '远程指令',
  'Firmware distribution': '固件分发',
  FCS: 'FCS',
  'Charging station': '充电站',
  'Charging pile': '充电桩',
  'Charging gun': '充电枪',
  'Distribution cabinet': '配电柜',
  'Electricity account': '电费户号',
  Device: '设备',
  'Configuration change': '配置变更',
  'Driver value': '驱动值',
  Tenant: '租户',
  Role: '角色',
  Organisation: '组织',
};

/** zod's type names (`Invalid input: expected string, received number`). */
export const TYPES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值',
  array: '数组',
  object: '对象',
  date: '日期',
  null: 'null',
  undefined: '空',
  nan: 'NaN',
  NaN: 'NaN',
  file: '文件',
};
export const UNITS: Record<string, string> = { characters: '个字符', items: '项', bytes: '字节', entries: '项' };
/** zod's formats (`Invalid ISO date`). */
export const FORMATS: Record<string, string> = {
  'email address': '电子邮件地址',
  URL: 'URL',
  UUID: 'UUID',
  'ISO datetime': 'ISO 日期时间',
  'ISO date': 'ISO 日期',
  'ISO time': 'ISO 时间',
  'ISO duration': 'ISO 时长',
  'IPv4 address': 'IPv4 地址',
  'IPv6 address': 'IPv6 地址',
  input: '输入',
};

export const type = (t: string) => TYPES[t] ?? t;
/** Things named by their place: `The cost info of storage station S-01`. */
export const NOUN_TEMPLATES: [RegExp, string][] = [
  [/^The cost info of storage station (.+)$/s, '储能电站 $1 的成本信息'],
  [/^The draft of storage station (.+)$/s, '储能电站 $1 的草稿'],
  [/^The electricity account of circuit (.+)$/s, '回路 $1 的电费户号'],
  [/^Meter (.+) of a PV station$/s, '光伏电站的电表 $1'],
  [/^Inverter (.+) of PV station (.+)$/s, '光伏电站 $2 的逆变器 $1'],
  [/^Device (.+) of PV station (.+)$/s, '光伏电站 $2 的设备 $1'],
  [/^The device of alarm (.+)$/s, '告警 $1 的设备'],
  [/^A property of (.+)$/s, '$1 的属性'],
  [/^A price of circuit (.+) at (.+)$/s, '回路 $1 在 $2 的电价'],
  [/^Prices of circuit (.+) on (.+)$/s, '回路 $1 在 $2 的电价'],
  [/^The prices from (.+) of account (.+)$/s, '户号 $2 自 $1 起的电价'],
  [/^(.+) of your storage stations$/s, '您储能电站中的 $1'],
];
/** A thing a message names, in Chinese: a known noun, or a known noun followed by its code or name. */
export function noun(what: string): string | null {
  const exact = NOUNS[what];
  if (exact !== undefined) return exact;
  for (const [re, zh] of NOUN_TEMPLATES) {
    if (re.test(what)) return what.replace(re, zh);
  }
  // the longest known noun the text starts with: `Alarm rule 12` before `Alarm 12`
  let best: string | null = null;
  for (const n of Object.keys(NOUNS)) if (what.startsWith(`${n} `) && (!best || n.length > best.length)) best = n;
  return best ? `${NOUNS[best]} ${what.slice(best.length + 1)}` : null;
}
/** A size bound (`>=1` characters → `至少 1 个字符`) and a value bound (`<=100` → `不能大于 100`). */
export const SIZE_BOUND: Record<string, string> = { '>=': '至少', '>': '多于', '<=': '最多', '<': '少于', 'exactly ': '必须正好' };
export const VALUE_BOUND: Record<string, string> = {
  '>=': '不能小于',
  '>': '必须大于',
  '<=': '不能大于',
  '<': '必须小于',
  'exactly ': '必须等于',
};
/** What is wrong with a size, by what has it: a string is too short, a file too large, a list has too few. */
export const SIZE_WORDS: Record<string, [string, string]> = { string: ['过短', '过长'], file: ['过小', '过大'] };

/** Units after a bound (`must be at most 168 hours`). */
export const MEASURES: Record<string, string> = { hour: '小时', hours: '小时', seconds: '秒', s: '秒' };
/** Things counted by a bound (`at most 64 points` → `最多 64 个点位`), with their measure word. */
export const COUNTED: Record<string, string> = {
  points: '个点位',
  point: '个点位',
  PCS: '台 PCS',
  meters: '块电表',
  meter: '块电表',
  ranges: '个范围',
  keys: '个键',
  FCS: '个 FCS',
  guns: '把充电枪',
  circuits: '个回路',
  circuit: '个回路',
  outputs: '个输出',
  output: '个输出',
  staff: '个员工',
  devices: '台设备',
  months: '个月',
  bands: '个时段',
  seasons: '个季节',
  levels: '个层级',
  classes: '个等级',
};

/** What `Storage station X is invalid: …` says after its colon. */
export const INVALID_STATION: Record<string, string> = {
  'nothing is built in it any more': '不能再在其中建设',
  'it gets no configuration any more': '不再接收配置',
  'it is out of service for good and no longer edited': '已永久停用，不再编辑',
  'it gets no settings any more': '不再接收设置',
  'it joins no master': '不能加入主站',
  'its cabinets are no longer changed': '其储能柜不再变更',
  'its devices are no longer changed': '其设备不再变更',
};
/** `The X code … is already used`. */
export const CODE_OF: Record<string, string> = {
  station: '电站',
  pile: '充电桩',
  circuit: '回路',
  cabinet: '配电柜',
  account: '户号',
  device: '设备',
  OU: '运营单元',
  'PV station': '光伏电站',
};
/** The kinds of thing `is not a X of Y` names. */
export const THINGS: Record<string, string> = {
  PCS: ' PCS',
  'storage PCS': '储能变流器',
  stack: '电池堆',
  'battery stack': '电池堆',
  meter: '电表',
  strategy: '策略',
  FCS: ' FCS',
  'FCS edge controller': ' FCS 边缘控制器',
  'upper transformer meter': '上级变压器电表',
  'data-point template': '点位模板',
  template: '模板',
  cabinet: '储能柜',
  'grid-connected station': '并网电站',
  property: '属性',
  rack: '电池簇',
  racks: '电池簇',
  pack: '电池包',
  packs: '电池包',
  cell: '电芯',
  cells: '电芯',
  'telemetry queries': '遥测查询',
  exports: '导出',
  imports: '导入',
  uploads: '上传',
  busbar: '母线回路',
  feeder: '馈线回路',
  branch: '支路回路',
};
export const thing = (t: string) => THINGS[t] ?? SEEDED_TEXTS_ZH[t] ?? ` ${t} `;
/** A seeded text (a device type's name) in Chinese, anything else as it is. */
export const seeded = (t: string) => SEEDED_TEXTS_ZH[t] ?? t;

/** `revision 2 (delivery 7)` → `修订 2（下发记录 7）`. */
export const revisionZh = (t: string) => t.replace(/^revision (\S+) \(delivery (\d+)\)$/, '修订 $1（下发记录 $2）');
/** A storage station's states (`Storage station S-01 is enabled: …`). */
export const STATES: Record<string, string> = {
  draft: '草稿',
  configured: '已配置',
  enabled: '已启用',
  disabled: '已停用',
  invalid: '已作废',
};
export const state = (s: string) => STATES[s] ?? ` ${s} `;
/** A PV station's stages (`PV station P-01 is already in the stage planning`). */
export const STAGES: Record<string, string> = { planning: '规划', construction: '建设', 'grid-connected': '并网', decommissioned: '退役' };
export const stage = (s: string) => STAGES[s] ?? ` ${s} `;
