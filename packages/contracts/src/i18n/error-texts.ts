/**
 * The Chinese of the server's error messages (docs/i18n.md, "Error messages"). The server composes its
 * messages in English at the throw sites (`invalid(field, problem)` → `body.x: problem`, `notFound(what)`
 * → `X does not exist`, `conflict`, `new AppError`, zod's issues joined with `; `); its error handler
 * answers `errorText(msg, lang)`, so one place translates them all. Each `field: problem` part keeps its
 * field path and translates its problem; codes, names and numbers inside a message stay as they are; a
 * message or part with no Chinese here is answered in English, as it was (nothing is ever lost).
 * Zod-free, like seeded-texts.ts.
 */
import { ErrorCode, defaultMessageOf, type ErrorCodeValue } from '../common/errors.js';
import { STRATEGY_MESSAGES, strategyMessagesZh, type StrategyMessageCode } from '../strategy/messages.js';
import { SEEDED_TEXTS_ZH, type SeededLang } from './seeded-texts.js';

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
const NOUNS: Record<string, string> = {
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

/** Whole messages and problems (`invalid`'s second argument) written as plain strings, with their Chinese. */
const TEXTS: Record<string, string> = {
  // the error handler's own texts (fromFastify, the not-found handler)
  'The request body has a content type this call does not accept': '该接口不接受此请求体的内容类型',
  'The request body is malformed: it is not valid JSON or form data': '请求体格式错误：不是有效的 JSON 或表单数据',
  'No such call': '没有这个接口',
  // invalid(field, problem): the problem
  'is required': '必填',
  'is not one of your operating units': '不是您的运营单元',
  'is not one of your devices': '不是您的设备',
  'is not one of your circuits': '不是您的回路',
  'is not one of your storage stations': '不是您的储能电站',
  'is not one of your uploaded files': '不是您上传的文件',
  'is not one of your charging stations': '不是您的充电站',
  'is not one of your distribution cabinets': '不是您的配电柜',
  'is not one of your electricity accounts': '不是您的电费户号',
  'is not one of your environment devices': '不是您的环境设备',
  'must be after from': '必须晚于 from',
  'must be after alarmStartTime': '必须晚于 alarmStartTime',
  'must not be before startTime': '不能早于 startTime',
  'must not be before from': '不能早于 from',
  'must not be before createdStartTime': '不能早于 createdStartTime',
  'must not be before baselineFrom': '不能早于 baselineFrom',
  'is not a device template of this tenant': '不是本租户的设备模板',
  'is listed twice': '重复出现',
  'is not a device type of this tenant': '不是本租户的设备类型',
  'is not an organisation of this tenant': '不是本租户的组织',
  'is not a tenant of the platform': '不是本平台的租户',
  'is required: only a staff who sees every OU may make a rule for all OUs':
    '必填：只有能查看全部运营单元的员工才能创建适用于全部运营单元的规则',
  "is not a property of the alarm's device": '不是该告警设备的属性',
  'the station has a master station: free it before moving it': '该电站有主站：请先解除主从关系再移动',
  'a station cannot be its own master': '电站不能作为自己的主站',
  'the stack has no racks yet: create its racks first': '该电池堆还没有电池簇：请先创建电池簇',
  'the stack has no packs yet: create its packs first': '该电池堆还没有电池包：请先创建电池包',
  'a station needs at least one PCS': '电站至少需要一台 PCS',
  'a station needs its battery stack': '电站需要配置电池堆',
  "is not one of the station's PCS": '不是该电站的 PCS',
  'a station needs its grid meter': '电站需要配置并网电表',
  "an upper meter needs its transformer's capacity": '上级电表需要填写其变压器容量',
  'a station needs its FCS edge controller': '电站需要配置 FCS 边缘控制器',
  'a station needs its cost info': '电站需要填写成本信息',
  'is not a data-point template version of this tenant': '不是本租户的点位模板版本',
  'choosing a strategy needs the strategies page (p-bsa-strategy)': '选择策略需要策略页面权限（p-bsa-strategy）',
  'must have at most 3 decimals (kW)': '最多保留 3 位小数（kW）',
  'was already used by another staff': '已被其他员工使用',
  'is not a session under way on this pile': '不是该充电桩上正在进行的充电会话',
  'at least one meter must add (+1)': '至少要有一块电表计为加（+1）',
  'an incoming line has no parent circuit': '进线回路没有上级回路',
  'is a circuit of another operating unit': '是其他运营单元的回路',
  'a branch circuit has no children': '支路回路没有下级回路',
  'is the circuit itself or one of its descendants': '是该回路本身或其下级回路',
  'is a cabinet of another operating unit': '是其他运营单元的配电柜',
  'is an account of another operating unit': '是其他运营单元的电费户号',
  'a circuit with children cannot be a branch': '有下级回路的回路不能作为支路',
  'is bound twice': '重复绑定',
  'is a device of another operating unit': '是其他运营单元的设备',
  'cannot change while circuits are billed to the account': '有回路计费到该户号时不能修改',
  'a device cannot be its own gateway': '设备不能作为自己的网关',
  'is not a gateway': '不是网关',
  'is the input itself': '是该输入本身',
  "is not in the input's operating unit": '不在该输入所属的运营单元中',
  'is not an OU type of this tenant': '不是本租户的运营单元类型',
  'is not a known district': '不是已知的行政区',
  'is required with the other coordinate': '填写了另一个坐标时必填',
  'must be another tenant than the provider: a tenant cannot operate for itself': '必须是服务商以外的租户：租户不能为自己代运营',
  'is not an area of this station': '不是该电站的区域',
  'is not an inverter of this station': '不是该电站的逆变器',
  'must not be after the current month': '不能晚于当前月份',
  'is not a grid connection point of this station': '不是该电站的并网点',
  'is used by another point of this station': '已被该电站的其他点位使用',
  "is not a meter of the station's operating unit": '不是该电站所属运营单元的电表',
  'changes only through pv/modify-stage, one step forward at a time': '只能通过 pv/modify-stage 修改，每次前进一步',
  'a new station cannot be decommissioned': '新电站不能直接退役',
  'is required for a grid-connected station': '并网电站必填',
  'is a template: templates are not delivered; create a strategy from it': '是模板：模板不能下发，请用它创建策略',
  'is a template: templates are never delivered, so they have no delivered revision to restore':
    '是模板：模板从不下发，没有可恢复的下发修订',
  'a template belongs to no station: leave it out': '模板不属于任何电站：请不要填写',
  'is required: a strategy belongs to a station': '必填：策略属于某个电站',
  'is not a template: only templates are bound to customers': '不是模板：只有模板才能绑定客户',
  'is not a customer of this tenant': '不是本租户的客户',
  'one-minute data is served for up to 7 days': '分钟级数据最多提供 7 天',
  'the root organisation cannot move': '根组织不能移动',
  'an organisation cannot move into itself or one of its sub-organisations': '组织不能移动到自身或其下级组织中',
  'the root organisation cannot be deleted': '根组织不能删除',
  'is not an image in the file center of this tenant': '不是本租户文件中心里的图片',
  'is not your tenant nor a tenant your company is linked to': '既不是您的租户，也不是与您公司关联的租户',
  // new AppError(code, message), the field-less ones and the problems after a field
  'send multipart/form-data with a field named file': '请以 multipart/form-data 发送，字段名为 file',
  'is required (multipart field named file)': '必填（multipart 字段名为 file）',
  'is empty': '为空',
  'has no header row': '没有表头行',
  'must differ from the current password': '不能与当前密码相同',
  'is required to change the operation password': '修改操作密码时必填',
  'is required to set the operation password': '设置操作密码时必填',
  'no operation password is set yet': '尚未设置操作密码',
  'no such uploaded file': '没有这个已上传的文件',
  'must be an http(s) URL of this site or of a trusted origin': '必须是本站或受信任来源的 http(s) 地址',
  'a URL with user info is refused': '不接受包含用户信息的地址',
  'The web app is not built: no sign-in page to show': 'Web 应用尚未构建：没有可显示的登录页',
  'Signing in or out from another site is refused': '不允许从其他站点登录或退出',
  'sign-in takes a JSON body (Content-Type: application/json)': '登录需要 JSON 请求体（Content-Type: application/json）',
  'Not signed in: the jwtToken header is missing or does not match': '未登录：缺少 jwtToken 请求头或其不匹配',
  'insert/test-data is refused: readings come only from devices through the ingest (the demo simulator writes the demo sites)':
    '不接受 insert/test-data：读数只能由设备经数据接入写入（演示站点由演示模拟器写入）',
  'the job has no problems to mark (only a failed import does)': '该任务没有可标注的问题（只有导入失败的任务才有）',
  'Only a staff who sees every operating unit may give a role every operating unit':
    '只有能查看全部运营单元的员工才能为角色授予全部运营单元',
  'you can only list your own staff accounts': '您只能查看自己的员工账号',
  'upload an .xlsx or .csv file': '请上传 .xlsx 或 .csv 文件',
  'is not a readable .xlsx workbook': '不是可读取的 .xlsx 工作簿',
  // conflict(message)
  'A session is under way on this pile: stop it first': '该充电桩正在充电：请先停止',
  'The device already has telemetry: its type cannot change': '该设备已有遥测数据：不能再修改其类型',
  'You cannot change the status of your own staff account': '您不能修改自己员工账号的状态',
  'It is disabled: enable it before delivering it.': '它已停用：请先启用再下发。',
  'It is executing on its station: it cannot move to another station. Copy it instead.': '它正在电站上执行：不能移到其他电站，请复制一份。',
  'A delivery of it is waiting for the FCS: delete it once the FCS has answered.': '它的一次下发正在等待 FCS 应答：请在 FCS 应答后再删除。',
  // the contracts' own zod messages (packages/contracts/src), the problem after the field
  'must not be empty': '不能为空',
  'must not be negative': '不能为负数',
  'must be a 3-letter currency code (ISO 4217), e.g. CNY': '必须是 3 个字母的货币代码（ISO 4217），如 CNY',
  'must be a time HH:mm': '必须是时间 HH:mm',
  'must be a time HH:mm:ss': '必须是时间 HH:mm:ss',
  'must be a date YYYY-MM-DD': '必须是日期 YYYY-MM-DD',
  'is not a valid phone number': '不是有效的电话号码',
  'must be 0 to 86400 seconds': '必须在 0 到 86400 秒之间',
  'at most 92 days from from': '最多为 from 之后 92 天',
  'at most 7 days of quarter hours or 92 days from from': '15 分钟数据最多 7 天，其他最多为 from 之后 92 天',
  'may hold letters, digits, - and _ only': '只能包含字母、数字、- 和 _',
  'give either circuitId or configId': '请提供 circuitId 或 configId',
  'must be a 6-digit adcode': '必须是 6 位行政区划代码',
  'must be a 6-digit district code': '必须是 6 位行政区划代码',
  'must contain a digit': '必须包含数字',
  'must contain a letter': '必须包含字母',
  'must be 6 digits': '必须是 6 位数字',
  'must be a camelCase key of at most 40 letters and digits': '必须是驼峰命名的键，最多 40 个字母和数字',
  'must list at least one point': '至少要列出一个点位',
  'a cell holds nothing: leave it empty': '电芯下不能再有设备：请留空',
  'nothing to change: set or remove points': '没有要修改的内容：请设置或移除点位',
  'must be an IPv4 address or a host name': '必须是 IPv4 地址或主机名',
  'must be a serial device such as /dev/ttyS1 or COM3': '必须是串口设备，如 /dev/ttyS1 或 COM3',
  'must say why the unit is special': '必须说明该单元特殊的原因',
  'must name at least one PCS': '至少要指定一台 PCS',
  'must show at least one point': '至少要显示一个点位',
  'is required to add or remove a station': '添加或移除电站时必填',
  'may hold letters, digits, ".", "-", "+" and "_" only': '只能包含字母、数字、"."、"-"、"+" 和 "_"',
  'choose at least one FCS': '请至少选择一个 FCS',
  "a retry sends its distribution's package: give no fileKey": '重试会发送原分发的固件包：请不要填写 fileKey',
  'the package to send is required': '必须提供要发送的固件包',
  'the version the package installs is required': '必须提供固件包安装的版本',
  'must be an IP code such as IP54': '必须是防护等级代码，如 IP54',
  'must be 1-48 letters, digits, dots, dashes or underscores': '必须是 1-48 个字母、数字、点、短横线或下划线',
  'a pile has at least one gun': '充电桩至少有一把充电枪',
  'give either stationId or pileId (one of them)': '请提供 stationId 或 pileId（二选一）',
  'must name a circuit': '必须指定一个回路',
  'must be 36 characters of lowercase hex and dashes': '必须是 36 个字符的小写十六进制数字和短横线',
  'is not a valid file key': '不是有效的文件标识',
  'must be between 1970-01-01 and 9999-12-31': '必须在 1970-01-01 到 9999-12-31 之间',
  'must be a date YYYY-MM-DD between 2000 and 2099': '必须是 2000 到 2099 年之间的日期 YYYY-MM-DD',
  'at least one band is required (00:00-24:00)': '至少需要一个时段（00:00-24:00）',
  'at least one season is required (months 1-12)': '至少需要一个季节（1-12 月）',
  'at least one month is required': '至少需要一个月份',
  'must be a month 1 (January) to 12 (December)': '必须是 1（一月）到 12（十二月）之间的月份',
  'at least 1 level is required': '至少需要 1 个层级',
  'must be a month YYYY-MM (2000..2099)': '必须是月份 YYYY-MM（2000..2099）',
  'give either id or circuitId': '请提供 id 或 circuitId',
  'give either id or strategy': '请提供 id 或 strategy',
  'a same-period baseline is at most 12 months': '同期基线最多 12 个月',
  'a linear baseline needs at least 3 months': '线性基线至少需要 3 个月',
  'is only for an audit baseline': '仅适用于审计基线',
  'is required for an audit baseline': '审计基线必填',
  'is required for a linear model': '线性模型必填',
  'must be a year YYYY or a month YYYY-MM': '必须是年份 YYYY 或月份 YYYY-MM',
  'lists an output twice': '重复列出了同一个输出',
  'must be YYYY, YYYY-MM or YYYY-MM-DD': '必须是 YYYY、YYYY-MM 或 YYYY-MM-DD',
  'a month (YYYY-MM) is needed for days': '按日查询需要提供月份（YYYY-MM）',
  "may hold only letters, digits, '-', '_' and '.', starting with a letter or digit":
    "只能包含字母、数字、'-'、'_' 和 '.'，且以字母或数字开头",
  'is not an IANA time zone (for example Asia/Shanghai or Europe/Berlin)': '不是 IANA 时区（如 Asia/Shanghai 或 Europe/Berlin）',
  'must be 2 to 32 lowercase letters, digits or dashes, starting with a letter': '必须是 2 到 32 个小写字母、数字或短横线，且以字母开头',
  'must be 3 to 64 letters, digits or _ . @ -': '必须是 3 到 64 个字母、数字或 _ . @ -',
  'is required: who agreed for the customer tenant': '必填：客户租户一方的同意人',
  'must be empty: the last class has no upper bound': '必须为空：最后一个等级没有上限',
  'is required but for the last class': '除最后一个等级外必填',
  'is required with fixed pricing': '固定电价时必填',
  'must be a permission code of the catalogue': '必须是目录中的权限编码',
  'must be 3 to 32 letters, digits, dots, dashes or underscores, starting with a letter or digit':
    '必须是 3 到 32 个字母、数字、点、短横线或下划线，且以字母或数字开头',
  'must be letters, digits, dot, dash or underscore': '只能包含字母、数字、点、短横线或下划线',
  'must be 1..64 letters, digits, dash or underscore': '必须是 1..64 个字母、数字、短横线或下划线',
  'must be a month YYYY-MM between 2000 and 2099': '必须是 2000 到 2099 年之间的月份 YYYY-MM',
  'must be more than 0': '必须大于 0',
  'must be above 0 %': '必须大于 0 %',
  'must be below 100 %': '必须小于 100 %',
  // zod's messages that take no value
  'Invalid input': '输入无效',
  'Invalid input: more than one option matched': '输入无效：匹配了多个选项',
};

/** zod's type names (`Invalid input: expected string, received number`). */
const TYPES: Record<string, string> = {
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
const UNITS: Record<string, string> = { characters: '个字符', items: '项', bytes: '字节', entries: '项' };
/** zod's formats (`Invalid ISO date`). */
const FORMATS: Record<string, string> = {
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

const type = (t: string) => TYPES[t] ?? t;
/** Things named by their place: `The cost info of storage station S-01`. */
const NOUN_TEMPLATES: [RegExp, string][] = [
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
function noun(what: string): string | null {
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
const SIZE_BOUND: Record<string, string> = { '>=': '至少', '>': '多于', '<=': '最多', '<': '少于', 'exactly ': '必须正好' };
const VALUE_BOUND: Record<string, string> = {
  '>=': '不能小于',
  '>': '必须大于',
  '<=': '不能大于',
  '<': '必须小于',
  'exactly ': '必须等于',
};
/** What is wrong with a size, by what has it: a string is too short, a file too large, a list has too few. */
const SIZE_WORDS: Record<string, [string, string]> = { string: ['过短', '过长'], file: ['过小', '过大'] };

/**
 * Messages with values in them, each a pattern over its English form with the Chinese built from the
 * parts. The most frequent first (apps/server/test/error-texts.test.ts lists the ones left).
 */
const TEMPLATES: { re: RegExp; zh: (m: RegExpExecArray) => string | null }[] = [
  // before the generic `is not a … of …`: a strategy's name may hold any words
  {
    re: /^is not a delivery of strategy "(.+)" \((\d+)\): pick one from its own delivery log$/s,
    zh: (m) => `不是策略“${m[1]}”（${m[2]}）的下发记录：请从它自己的下发日志中选择`,
  },
  // notFound(what): `X does not exist`
  {
    re: /^(.+) does not exist$/s,
    zh: (m) => {
      const what = noun(m[1]!);
      // a space between a code and the Chinese after it, as in the seeded texts
      return what && `${what}${/[\x21-\x7e]$/.test(what) ? ' ' : ''}不存在`;
    },
  },
  { re: /^You do not have the permission (.+)$/s, zh: (m) => `您没有权限 ${m[1]!.replace(/ or /g, ' 或 ')}` },
  {
    re: /^It already exists: another request saved the same value first(?: \((.+)\))?\. Reload and try again\.$/s,
    zh: (m) => `已存在：另一个请求先保存了相同的值${m[1] ? `（${m[1]}）` : ''}。请刷新后重试。`,
  },
  { re: /^No such call: (.+)$/s, zh: (m) => `没有这个接口：${m[1]}` },
  { re: /^The request is too large: (.+)$/s, zh: (m) => `请求过大：${m[1]}` },
  { re: /^must not contain NUL characters$/, zh: () => '不能包含 NUL 字符' },
  { re: /^is nested too deeply$/, zh: () => '嵌套层级过深' },
  // zod's own messages (the English locale)
  { re: /^Invalid input: expected (\w+), received (\w+)$/, zh: (m) => `输入无效：应为${type(m[1]!)}，实际为${type(m[2]!)}` },
  { re: /^Invalid input: expected (.+)$/s, zh: (m) => `输入无效：应为 ${m[1]}` },
  { re: /^Invalid option: expected one of (.+)$/s, zh: (m) => `选项无效：应为 ${m[1]} 之一` },
  {
    re: /^Too (small|big): expected (\w+) to have (>=|>|<=|<|exactly )(\d+) (characters|items|bytes|entries)$/,
    zh: (m) => `${(SIZE_WORDS[m[2]!] ?? ['过少', '过多'])[m[1] === 'small' ? 0 : 1]}：${SIZE_BOUND[m[3]!]} ${m[4]} ${UNITS[m[5]!]}`,
  },
  {
    re: /^Too (small|big): expected (\w+) to be (>=|>|<=|<|exactly )(.+)$/,
    zh: (m) => `${m[1] === 'small' ? '过小' : '过大'}：${VALUE_BOUND[m[3]!]} ${m[4]}`,
  },
  { re: /^Invalid string: must start with "(.*)"$/s, zh: (m) => `字符串无效：必须以 "${m[1]}" 开头` },
  { re: /^Invalid string: must end with "(.*)"$/s, zh: (m) => `字符串无效：必须以 "${m[1]}" 结尾` },
  { re: /^Invalid string: must include "(.*)"$/s, zh: (m) => `字符串无效：必须包含 "${m[1]}"` },
  { re: /^Invalid string: must match pattern (.+)$/s, zh: (m) => `字符串无效：必须符合格式 ${m[1]}` },
  { re: /^Invalid number: must be a multiple of (.+)$/, zh: (m) => `数字无效：必须是 ${m[1]} 的倍数` },
  { re: /^Unrecognized keys?: (.+)$/s, zh: (m) => `无法识别的字段：${m[1]}` },
  { re: /^Invalid key in (\w+)$/, zh: (m) => `${type(m[1]!)}中有无效的键` },
  { re: /^Invalid value in (\w+)$/, zh: (m) => `${type(m[1]!)}中有无效的值` },
  { re: /^Invalid discriminator value\. Expected (.+)$/s, zh: (m) => `类型标识无效：应为 ${m[1]}` },
  { re: /^Invalid (.+)$/, zh: (m) => (FORMATS[m[1]!] ? `${FORMATS[m[1]!]}无效` : null) },
  { re: /^and (\d+) more$/, zh: (m) => `另有 ${m[1]} 项` },
  // invalid(field, problem) and conflict(message) with values, most frequent first
  { re: /^the range must be at most (\d+) days(.*)$/s, zh: (m) => (m[2] ? null : `时间范围最多 ${m[1]} 天`) },
  { re: /^is not an? (.+) device of the station's operating unit$/s, zh: (m) => `不是该电站所属运营单元的${thing(m[1]!)}设备` },
  { re: /^is not an? (.+?) of (PV station )?(.+)$/s, zh: (m) => `不是 ${m[2] ? '光伏电站 ' : ''}${m[3]} 的${thing(m[1]!)}` },
  { re: /^(.+) is in (.+), not in the station's operating unit$/s, zh: (m) => `${m[1]} 属于 ${m[2]}，不在该电站所属的运营单元中` },
  {
    re: /^Storage station (.+) is invalid: (.+)$/s,
    zh: (m) => (INVALID_STATION[m[2]!] ? `储能电站 ${m[1]} 已作废：${INVALID_STATION[m[2]!]}` : null),
  },
  { re: /^(.+) already belongs to storage station (.+)$/s, zh: (m) => `${m[1]} 已属于储能电站 ${m[2]}` },
  { re: /^(.+) is a (.+) template, not a (.+) one$/s, zh: (m) => `${m[1]} 是 ${m[2]} 模板，不是 ${m[3]} 模板` },
  { re: /^is a (.+) data-point template, not a (.+) one$/s, zh: (m) => `是 ${m[1]} 点位模板，不是 ${m[2]} 点位模板` },
  {
    re: /^(.+) is an? (.+), not an? (storage PCS|FCS edge controller|meter|FCS)$/s,
    zh: (m) => `${m[1]} 是${thing(m[2]!)}，不是${thing(m[3]!)}`,
  },
  { re: /^data-point template (.+) has no version (.+)$/s, zh: (m) => `点位模板 ${m[1]} 没有版本 ${m[2]}` },
  { re: /^is not an energy meter \(it has no (.+) counter\)$/s, zh: (m) => `不是电能表（没有 ${m[1]} 计数）` },
  { re: /^the file size must not exceed (.+)M$/, zh: (m) => `文件大小不能超过 ${m[1]}M` },
  { re: /^upload the correct file format: the content is not a \.(.+) file$/, zh: (m) => `请上传正确格式的文件：内容不是 .${m[1]} 文件` },
  { re: /^upload the correct file format \(accepted: (.+)\)$/s, zh: (m) => `请上传正确格式的文件（支持：${m[1]}）` },
  { re: /^(.+) is not in the permission catalogue$/s, zh: (m) => `${m[1]} 不在权限目录中` },
  {
    re: /^(?:The )?(station|pile|circuit|cabinet|account|device|OU|PV station|OCPP identity) code (.+) is already used in this tenant$/s,
    zh: (m) => `${CODE_OF[m[1]!] ?? m[1]}编码 ${m[2]} 在本租户中已被使用`,
  },
  { re: /^The OCPP identity (.+) is already used on this platform$/s, zh: (m) => `OCPP 标识 ${m[1]} 在本平台已被使用` },
  { re: /^(.+) is already a command of your catalogue$/s, zh: (m) => `${m[1]} 已在您的指令目录中` },
  { re: /^(.+) is already an? (.+?) (data-point template|template)$/s, zh: (m) => `${m[1]} 已是 ${m[2]} ${thing(m[3]!)}` },
  {
    re: /^(.+) is already an? (.+) of (?:your tenant|(.+))$/s,
    zh: (m) => `${m[1]} 已经是${m[3] ? ` ${m[3]} 的` : '本租户的'}${thing(m[2]!)}`,
  },
  { re: /^(.+) is listed twice$/s, zh: (m) => `${m[1]} 重复出现` },
  { re: /^must not be before (\w+) \((.+)\)$/, zh: (m) => `不能早于 ${m[1]}（${m[2]}）` },
  { re: /^must not be after today \((.+?)(?: in (.+))?\)$/, zh: (m) => `不能晚于今天（${m[2] ? `${m[2]} 的 ` : ''}${m[1]}）` },
  { re: /^must be one of (.+)$/s, zh: (m) => `必须是 ${m[1]} 之一` },
  { re: /^is required for an? (.+)$/s, zh: (m) => `${thing(m[1]!)}必填` },
  { re: /^device (.+) is not one of your devices$/s, zh: (m) => `设备 ${m[1]} 不是您的设备` },
  { re: /^(.+): not one of your devices$/s, zh: (m) => `${m[1]}：不是您的设备` },
  { re: /^(.+): not a staff of this tenant$/s, zh: (m) => `${m[1]}：不是本租户的员工` },
  { re: /^An alarm rule named (.+) already exists$/s, zh: (m) => `名为 ${m[1]} 的告警规则已存在` },
  { re: /^A role named "(.+)" already exists$/s, zh: (m) => `名为“${m[1]}”的角色已存在` },
  { re: /^Staff code "(.+)" already exists$/s, zh: (m) => `员工编码“${m[1]}”已存在` },
  { re: /^Alarm (.+) is already recovered$/s, zh: (m) => `告警 ${m[1]} 已恢复` },
  { re: /^The pile (.+) is not connected$/s, zh: (m) => `充电桩 ${m[1]} 未连接` },
  { re: /^The station has (\d+) pile\(s\): delete them first$/, zh: (m) => `该充电站有 ${m[1]} 个充电桩：请先删除它们` },
  { re: /^the pile has no gun (.+)$/s, zh: (m) => `该充电桩没有 ${m[1]} 号枪` },
  { re: /^Circuit (.+) has child circuits: delete or move them first$/s, zh: (m) => `回路 ${m[1]} 有下级回路：请先删除或移走它们` },
  { re: /^The device is the gateway of (\d+) device\(s\): move them first$/, zh: (m) => `该设备是 ${m[1]} 台设备的网关：请先移走它们` },
  {
    re: /^The role "(.+)" is assigned to (\d+) staff account\(s\); give them another role first$/s,
    zh: (m) => `角色“${m[1]}”已分配给 ${m[2]} 个员工账号：请先为他们分配其他角色`,
  },
  { re: /^You cannot grant permissions you do not hold: (.+)$/s, zh: (m) => `您不能授予自己没有的权限：${m[1]}` },
  { re: /^The role "(.+)" grants permissions you do not hold: (.+)$/s, zh: (m) => `角色“${m[1]}”授予了您没有的权限：${m[2]}` },
  { re: /^The role "(.+)" sees every operating unit, which you do not$/s, zh: (m) => `角色“${m[1]}”可查看全部运营单元，而您不能` },
  { re: /^"(.+)" is already the code of another tenant$/s, zh: (m) => `“${m[1]}”已是其他租户的编码` },
  { re: /^"(.+)" cannot be used: choose another username$/s, zh: (m) => `“${m[1]}”不能使用：请换一个用户名` },
  { re: /^An organisation named "(.+)" already exists under "(.+)"$/s, zh: (m) => `“${m[2]}”下已有名为“${m[1]}”的组织` },
  { re: /^The station already has an area named (.+)$/s, zh: (m) => `该电站已有名为 ${m[1]} 的区域` },
  { re: /^(.+) has no grid meter: its load is not known$/s, zh: (m) => `${m[1]} 没有并网电表：无法得知其负荷` },
  { re: /^(.+) has no cost info yet: set its prices first$/s, zh: (m) => `${m[1]} 还没有成本信息：请先设置电价` },
  { re: /^(.+) runs no strategy\.$/s, zh: (m) => `${m[1]} 没有运行策略。` },
  { re: /^(.+) has no FCS\.$/s, zh: (m) => `${m[1]} 没有 FCS。` },
  { re: /^(.+) has no FCS to deliver to\.$/s, zh: (m) => `${m[1]} 没有可下发的 FCS。` },
  { re: /^Its last day (.+) has passed\.$/s, zh: (m) => `它的最后一天 ${m[1]} 已过。` },
  { re: /^cannot be run: (.+)$/s, zh: (m) => `无法运行：${m[1]}` },
  { re: /^Strategy (.+) cannot be run: (.+)$/s, zh: (m) => `策略 ${m[1]} 无法运行：${m[2]}` },
  {
    re: /^Too many (.+?): at most (\d+) per (user|tenant) every (\d+) s; try again in (\d+) s$/,
    zh: (m) => `${thing(m[1]!)}过多：每${m[3] === 'user' ? '个用户' : '个租户'}每 ${m[4]} 秒最多 ${m[2]} 次，请 ${m[5]} 秒后再试`,
  },
  {
    re: /^The upload quota of (.+) per tenant is used up: (.+) are stored(.*)\. Remove files that are no longer used or ask the platform operator to raise UPLOAD_QUOTA_MB\.$/s,
    zh: (m) => `每个租户 ${m[1]} 的上传配额已用完：已存储 ${m[2]}${m[3]}。请删除不再使用的文件，或请平台运营方调高 UPLOAD_QUOTA_MB。`,
  },
  { re: /^holds more than (\d+) rows; split it into several files$/, zh: (m) => `超过 ${m[1]} 行：请拆分为多个文件` },
  {
    re: /^(.+) is not this site nor a trusted origin \(TRUSTED_ORIGINS\)$/s,
    zh: (m) => `${m[1]} 既不是本站，也不是受信任的来源（TRUSTED_ORIGINS）`,
  },
  {
    re: /^Alarm rule (.+) belongs to another tenant: a channel staff can read it, not change it$/s,
    zh: (m) => `告警规则 ${m[1]} 属于其他租户：渠道员工只能查看，不能修改`,
  },
  { re: /^device (.+) is not an? (.+)$/s, zh: (m) => `设备 ${m[1]} 不是${thing(m[2]!)}` },
  { re: /^device (.+) is not in the rule's OU$/s, zh: (m) => `设备 ${m[1]} 不在该规则的运营单元中` },
  { re: /^(.+) is not a property of (.+)$/s, zh: (m) => `${m[1]} 不是 ${seeded(m[2]!)} 的属性` },
  { re: /^(.+) has no (.+) property$/s, zh: (m) => `${m[1]} 没有 ${m[2]} 属性` },
  // storage stations (bsa, bsa-second)
  { re: /^Storage station (.+) is enabled: disable it before removing a PCS$/s, zh: (m) => `储能电站 ${m[1]} 已启用：请先停用再移除 PCS` },
  {
    re: /^(.+) drives stack (.+): bind the stack to another PCS first$/s,
    zh: (m) => `${m[1]} 正在驱动电池堆 ${m[2]}：请先将该电池堆绑定到其他 PCS`,
  },
  {
    re: /^storage station (.+) has no racks, packs or cells yet: apply templates first$/s,
    zh: (m) => `储能电站 ${m[1]} 还没有电池簇、电池包或电芯：请先应用模板`,
  },
  { re: /^Storage station (.+) has no FCS to publish its configuration to$/s, zh: (m) => `储能电站 ${m[1]} 没有可发布配置的 FCS` },
  { re: /^storage station (.+) has no configuration version (.+)$/s, zh: (m) => `储能电站 ${m[1]} 没有配置版本 ${m[2]}` },
  {
    re: /^storage station (.+) has no configuration yet: generate its mirror points first$/s,
    zh: (m) => `储能电站 ${m[1]} 还没有配置：请先生成镜像点位`,
  },
  {
    re: /^Configuration version (.+) of (.+) is being published to (.+) \(since (.+)\): wait for the FCS's answer, at most (\d+) s more$/s,
    zh: (m) => `${m[2]} 的配置版本 ${m[1]} 正在发布到 ${m[3]}（自 ${m[4]} 起）：请等待 FCS 应答，最多还需 ${m[5]} 秒`,
  },
  {
    re: /^Storage station (.+) has no (racks|packs|cells) yet: apply templates first$/s,
    zh: (m) => `储能电站 ${m[1]} 还没有${thing(m[2]!)}：请先应用模板`,
  },
  {
    re: /^The (racks|packs|cells) of (.+) are not all set up: (\d+) of (\d+) report no data point \(built without a template\)$/s,
    zh: (m) => `${m[2]} 的${thing(m[1]!)}未全部配置：${m[4]} 个中有 ${m[3]} 个没有上报数据点（未使用模板创建）`,
  },
  {
    re: /^the (rack|pack|cell)s of (.+) report no data point yet: apply templates first$/s,
    zh: (m) => `${m[2]} 的${thing(m[1]!)}还没有上报数据点：请先应用模板`,
  },
  { re: /^(.+) is not a point of version (.+)$/s, zh: (m) => `${m[1]} 不是版本 ${m[2]} 的点位` },
  {
    re: /^Data-point template (.+) changed since version (.+): version (.+) is the latest, change that one$/s,
    zh: (m) => `点位模板 ${m[1]} 在版本 ${m[2]} 之后已有修改：最新版本是 ${m[3]}，请修改该版本`,
  },
  {
    re: /^Storage station (.+) is a draft: its form is edited through bsa\/draft and finish$/s,
    zh: (m) => `储能电站 ${m[1]} 是草稿：其表单通过 bsa/draft 和 finish 编辑`,
  },
  {
    re: /^(.+) of the station is not in (.+): move the station's devices first$/s,
    zh: (m) => `该电站的 ${m[1]} 不在 ${m[2]} 中：请先移动电站的设备`,
  },
  {
    re: /^the station is the master of (.+): free its slaves before moving it$/s,
    zh: (m) => `该电站是 ${m[1]} 的主站：请先解除从站再移动`,
  },
  { re: /^(.+) is invalid: it coordinates nothing$/s, zh: (m) => `${m[1]} 已作废：不再协调任何电站` },
  {
    re: /^(.+) is itself the slave of another station: a master has no master$/s,
    zh: (m) => `${m[1]} 本身是其他电站的从站：主站不能再有主站`,
  },
  { re: /^(.+) is the master of (.+): a master cannot become a slave$/s, zh: (m) => `${m[1]} 是 ${m[2]} 的主站：主站不能成为从站` },
  { re: /^(.+) is already the code of another storage station$/s, zh: (m) => `${m[1]} 已是其他储能电站的编码` },
  {
    re: /^Storage station (.+) is (\w+): only a draft's form can be saved$/s,
    zh: (m) => `储能电站 ${m[1]} 的状态为${state(m[2]!)}：只有草稿的表单可以保存`,
  },
  {
    re: /^Storage station (.+) is (\w+): only a draft can be finished$/s,
    zh: (m) => `储能电站 ${m[1]} 的状态为${state(m[2]!)}：只有草稿可以完成`,
  },
  {
    re: /^Storage station (.+) cannot go from (\w+) to enabled: a second-edition station needs at least one storage cabinet: the station has none$/s,
    zh: (m) => `储能电站 ${m[1]} 不能从${state(m[2]!)}变为已启用：二期电站至少需要一个储能柜，该电站没有`,
  },
  {
    re: /^Storage station (.+) cannot go from (\w+) to (\w+): (.+)$/s,
    zh: (m) => `储能电站 ${m[1]} 不能从${state(m[2]!)}变为${state(m[3]!)}：${m[4]}`,
  },
  {
    re: /^Storage station (.+) is enabled and its FCS runs its strategy: disable the station before changing its FCS$/s,
    zh: (m) => `储能电站 ${m[1]} 已启用且其 FCS 正在运行策略：请先停用电站再更换 FCS`,
  },
  { re: /^the template is for (.+)s, not (.+)s$/s, zh: (m) => `该模板适用于${thing(m[1]!)}，不适用于${thing(m[2]!)}` },
  // forecasts, remote commands, cabinets and firmware (bsa-forecast, bsa-remote, bsa-second)
  {
    re: /^must be at most tomorrow \((.+)\): a forecast reads the days before it$/s,
    zh: (m) => `最晚为明天（${m[1]}）：预测读取之前几天的数据`,
  },
  {
    re: /^(.+) runs no strategy and has no enabled one in the library: its revenue cannot be forecast$/s,
    zh: (m) => `${m[1]} 没有运行策略，策略库中也没有已启用的策略：无法预测其收益`,
  },
  {
    re: /^(.+) has no grid meter history in the (\d+) days before (.+): no load to forecast$/s,
    zh: (m) => `${m[1]} 在 ${m[3]} 之前 ${m[2]} 天内没有并网电表历史数据：没有可预测的负荷`,
  },
  { re: /^(.+) takes no value$/s, zh: (m) => `${m[1]} 不带参数值` },
  {
    re: /^was already used for "(.+)" to (.+): a new command needs a new id$/s,
    zh: (m) => `已用于发往 ${m[2]} 的“${m[1]}”：新指令需要新的 id`,
  },
  {
    re: /^the cabinets of (.+) would hold (.+) kWh, more than the station's (.+) kWh$/s,
    zh: (m) => `${m[1]} 的储能柜容量将达 ${m[2]} kWh，超过电站的 ${m[3]} kWh`,
  },
  {
    re: /^the cabinets of (.+) would be rated (.+) kW, more than the station's (.+) kW$/s,
    zh: (m) => `${m[1]} 的储能柜额定功率将达 ${m[2]} kW，超过电站的 ${m[3]} kW`,
  },
  {
    re: /^Storage cabinet (.+) still holds (.+): take them out of the cabinet first$/s,
    zh: (m) => `储能柜 ${m[1]} 中仍有 ${m[2]}：请先将其移出储能柜`,
  },
  { re: /^is not (a PCS|a meter|the FCS) of (.+)$/s, zh: (m) => `不是 ${m[2]} 的${thing(m[1]!.replace(/^(a|the) /, ''))}` },
  { re: /^(.+) already sits in cabinet (.+)$/s, zh: (m) => `${m[1]} 已在储能柜 ${m[2]} 中` },
  {
    re: /^cabinet (.+) already holds (\d+) of kind (.+), the most one cabinet holds$/s,
    zh: (m) => `储能柜 ${m[1]} 已有 ${m[2]} 个 ${m[3]} 类设备，已达单个储能柜的上限`,
  },
  { re: /^a firmware package is a \.zip file, not (.+)$/s, zh: (m) => `固件包必须是 .zip 文件，${m[1]} 不是` },
  {
    re: /^FCS (.+) is updating to (.+) \(target (.+), (.+)\): one update at a time, wait until it is updated or failed \((.+)\)$/s,
    zh: (m) => `FCS ${m[1]} 正在升级到 ${m[2]}（目标 ${m[3]}，${m[4]}）：一次只能进行一个升级，请等待升级完成或失败（${m[5]}）`,
  },
  {
    re: /^(.+) is not a target of distribution (.+): a retry is for its FCS$/s,
    zh: (m) => `${m[1]} 不是分发 ${m[2]} 的目标：只能重试该分发的 FCS`,
  },
  { re: /^(.+) runs (.+) already: only a failed target is retried$/s, zh: (m) => `${m[1]} 已在运行 ${m[2]}：只重试失败的目标` },
  // charging
  {
    re: /^a gun's rated power \((.+) kW\) cannot exceed the pile's \((.+) kW\)$/s,
    zh: (m) => `充电枪的额定功率（${m[1]} kW）不能超过充电桩的额定功率（${m[2]} kW）`,
  },
  { re: /^cannot be below its strongest gun's rated power \((.+) kW\)$/s, zh: (m) => `不能低于其最大充电枪的额定功率（${m[1]} kW）` },
  { re: /^cannot exceed the pile's rated power \((.+) kW\)$/s, zh: (m) => `不能超过充电桩的额定功率（${m[1]} kW）` },
  { re: /^The pile (.+) did not accept (.+?): (.+)$/s, zh: (m) => `充电桩 ${m[1]} 未接受 ${m[2]}：${m[3]}` },
  // circuits, OUs, devices, tenants
  {
    re: /^A rerun of these circuits over an overlapping range is running \(job (.+)\): wait for it to end$/s,
    zh: (m) => `这些回路在重叠时间范围内的重算正在进行（任务 ${m[1]}）：请等待其结束`,
  },
  {
    re: /^must be within (.+)\.\.(.+) kW \(command (.+)\.\.(.+) kW(?:; (.+) is rated (.+) kW)?\)$/s,
    zh: (m) => `必须在 ${m[1]}..${m[2]} kW 之间（指令范围 ${m[3]}..${m[4]} kW${m[5] ? `；${m[5]} 的额定功率为 ${m[6]} kW` : ''}）`,
  },
  { re: /^(.+) holds (\d+) (.+), (.+) has (\d+)$/s, zh: (m) => `${m[1]} 包含 ${m[2]} 个${thing(m[3]!)}，${m[4]} 有 ${m[5]} 个` },
  {
    re: /^(.+) is (.+): this call takes (.+) properties$/s,
    zh: (m) => `${m[1]} 是 ${m[2]} 类属性：此接口只接受 ${m[3].replace(/ or /g, ' 或 ')} 类属性`,
  },
  {
    re: /^(.+) is not a point of the (rack|pack|cell)s of (.+) \((.*)\)$/s,
    zh: (m) => `${m[1]} 不是 ${m[3]} 的${thing(m[2]!)}的点位（${m[4]}）`,
  },
  { re: /^the range must be at most (\d+) days at 15 minutes$/, zh: (m) => `15 分钟粒度的时间范围最多 ${m[1]} 天` },
  { re: /^an? (.+) needs a parent circuit$/s, zh: (m) => `${thing(m[1]!)}需要上级回路` },
  { re: /^The operating unit (.+) still has (.+): remove them first$/s, zh: (m) => `运营单元 ${m[1]} 中仍有 ${m[2]}：请先移除` },
  {
    re: /^A device always belongs to an operating unit: to take (.+) out of (.+), add it to its new operating unit$/s,
    zh: (m) => `设备必须属于一个运营单元：要将 ${m[1]} 移出 ${m[2]}，请把它加入新的运营单元`,
  },
  { re: /^(.+) is not a service provider \(side type 2\)$/s, zh: (m) => `${m[1]} 不是服务商（side type 2）` },
  { re: /^(.+) is already linked to (.+)$/s, zh: (m) => `${m[1]} 已与 ${m[2]} 关联` },
  { re: /^The (.+) code (.+) is already used in this station$/s, zh: (m) => `${thing(m[1]!)}编码 ${m[2]} 在该电站中已被使用` },
  // PV
  {
    re: /^must be at most (\d+) days after from: the analysis reads 15 min rollups$/,
    zh: (m) => `最多为 from 之后 ${m[1]} 天：分析读取 15 分钟汇总数据`,
  },
  { re: /^repeats the (.+?) (.+)$/s, zh: (m) => `与${thing(m[1]!)} ${m[2]} 重复` },
  { re: /^must be at least (\d+): a string is wired to MPPT input (\d+)$/, zh: (m) => `至少为 ${m[1]}：有组串接在 MPPT 输入 ${m[2]} 上` },
  { re: /^must be at most (\d+), the inverter's MPPT count$/, zh: (m) => `最多为 ${m[1]}（逆变器的 MPPT 数量）` },
  { re: /^(.+) has no capacity: its strings hold no kWp$/s, zh: (m) => `${m[1]} 没有容量：其组串的 kWp 为零` },
  { re: /^is already the meter of (.+)$/s, zh: (m) => `已是 ${m[1]} 的电表` },
  { re: /^A meter already serves the grid connection point (.+) of another station$/s, zh: (m) => `其他电站的并网点 ${m[1]} 已有电表` },
  {
    re: /^must be after (.+), the day the latest way took force: a past period keeps the way that was in force then$/s,
    zh: (m) => `必须晚于 ${m[1]}（最新方式的生效日）：过去的时段保持当时生效的方式`,
  },
  {
    re: /^The area still holds (\d+) inverter\(s\) or module batch\(es\): move or delete them first$/,
    zh: (m) => `该区域仍有 ${m[1]} 台逆变器或组件批次：请先移走或删除`,
  },
  { re: /^PV station (.+) is decommissioned: it is read-only$/s, zh: (m) => `光伏电站 ${m[1]} 已退役：只读` },
  { re: /^PV station (.+) is already in the stage ([\w-]+)$/s, zh: (m) => `光伏电站 ${m[1]} 已处于${stage(m[2]!)}阶段` },
  {
    re: /^PV station (.+) cannot go back from ([\w-]+) to ([\w-]+): the stage only moves forward$/s,
    zh: (m) => `光伏电站 ${m[1]} 不能从${stage(m[2]!)}退回${stage(m[3]!)}：阶段只能向前推进`,
  },
  {
    re: /^PV station (.+) goes from ([\w-]+) to ([\w-]+) first: stages are not skipped$/s,
    zh: (m) => `光伏电站 ${m[1]} 须先从${stage(m[2]!)}进入${stage(m[3]!)}：阶段不能跳过`,
  },
  {
    re: /^PV station (.+) needs its grid-connection date \(gridConnectionDate\) to become grid-connected$/s,
    zh: (m) => `光伏电站 ${m[1]} 需要填写并网日期（gridConnectionDate）才能进入并网阶段`,
  },
  // roles and staff
  { re: /^(.+) is frozen and cannot be granted$/s, zh: (m) => `${m[1]} 已冻结，不能授予` },
  { re: /^(.+) must also be checked \(in permissionCodes\)$/s, zh: (m) => `${m[1]} 也必须勾选（在 permissionCodes 中）` },
  {
    re: /^(.+) is at level (\d+); auto-sync is only for levels 0 and 1$/s,
    zh: (m) => `${m[1]} 位于第 ${m[2]} 级：只有第 0 级和第 1 级可以自动同步`,
  },
  { re: /^(.+) is customized and cannot be auto-synced$/s, zh: (m) => `${m[1]} 已自定义，不能自动同步` },
  { re: /^You can auto-sync only nodes your own role auto-syncs: (.+)$/s, zh: (m) => `您只能自动同步您自己的角色自动同步的节点：${m[1]}` },
  { re: /^This person already has a staff account \((.+)\) in that customer$/s, zh: (m) => `此人在该客户下已有员工账号（${m[1]}）` },
  // strategies
  { re: /^(.+) has no grid meter readings on (.+)$/s, zh: (m) => `${m[1]} 在 ${m[2]} 没有并网电表读数` },
  { re: /^(.+) runs no strategy from the library: deliver one first\.$/s, zh: (m) => `${m[1]} 没有运行策略库中的策略：请先下发一个。` },
  {
    re: /^(.+) now runs strategy version (.+); this strategy is (.+)\.$/s,
    zh: (m) => `${m[1]} 当前运行的策略版本为 ${m[2]}；此策略为 ${m[3]}。`,
  },
  {
    re: /^must be (.+) \((.+)\): the strategy version the FCS of (.+) runs$/s,
    zh: (m) => `必须为 ${m[1]}（${m[2]}）：${m[3]} 的 FCS 运行的策略版本`,
  },
  // restoring a delivered revision (history/data/update)
  {
    re: /^delivery (\d+) stopped the station's strategy: it sent no strategy to restore$/s,
    zh: (m) => `下发记录 ${m[1]} 是停止电站策略：没有下发策略，无可恢复`,
  },
  {
    re: /^(.+) is strategy version (.+), and "(.+)" is now (.+): only a revision of its current version can be restored$/s,
    zh: (m) => `${revisionZh(m[1]!)}的策略版本为 ${m[2]}，而“${m[3]}”现为 ${m[4]}：只能恢复其当前版本的修订`,
  },
  {
    re: /^(.+) no longer passes the editor's checks: (.+)$/s,
    zh: (m) => `${revisionZh(m[1]!)}已不再通过编辑器的检查：${errorText(m[2]!, 'zh-CN')}`,
  },
  { re: /^cannot change \(it is an? (.+)\): copy it instead$/s, zh: (m) => `不能修改（它是${thing(m[1]!)}）：请复制一份` },
  {
    re: /^It is executing on (.+): stop it or deliver another strategy first\.$/s,
    zh: (m) => `它正在 ${m[1]} 上执行：请先停止它或下发其他策略。`,
  },
  {
    re: /^must be a day before today \((.+) in (.+)\): the backtest runs on a whole recorded day$/s,
    zh: (m) => `必须是今天（${m[2]} 时间 ${m[1]}）之前的日期：回测基于完整记录的一天`,
  },
  // telemetry and organisations
  {
    re: /^gives more than (\d+) buckets for this range: choose a longer interval$/,
    zh: (m) => `该时间范围超过 ${m[1]} 个时间段：请选择更长的间隔`,
  },
  { re: /^"(.+)" already has (\d+) sub-organisations$/s, zh: (m) => `“${m[1]}”已有 ${m[2]} 个下级组织` },
  {
    re: /^the tenant has (\d+) organisation level\(s\): an organisation under "(.+)" would be at level (\d+)$/s,
    zh: (m) => `租户共有 ${m[1]} 级组织层级：“${m[2]}”下的组织将位于第 ${m[3]} 级`,
  },
  {
    re: /^the tenant has (\d+) organisation level\(s\): under "(.+)" the organisations of "(.+)" would reach level (\d+)$/s,
    zh: (m) => `租户共有 ${m[1]} 级组织层级：移到“${m[2]}”下后，“${m[3]}”的组织将达到第 ${m[4]} 级`,
  },
  { re: /^"(.+)" still has (.+): move or delete them first$/s, zh: (m) => `“${m[1]}”下仍有 ${m[2]}：请先移走或删除` },
  {
    re: /^the organisation tree uses (\d+) levels: at least (\d+) level names are needed$/,
    zh: (m) => `组织树有 ${m[1]} 级：至少需要 ${m[2]} 个层级名称`,
  },
  // the contracts' own bounds: `must be at most 64 characters`, `at most 200 PCS`, `has at most 4 decimals`
  {
    re: /^must be at (least|most) (-?[\d.e+]+)(?: (characters|hours?|[^ ]+))?$/,
    zh: (m) =>
      m[3] === 'characters'
        ? `${m[1] === 'least' ? '最少' : '最多'} ${m[2]} 个字符`
        : `${m[1] === 'least' ? '不能小于' : '不能大于'} ${m[2]}${m[3] ? ` ${MEASURES[m[3]] ?? m[3]}` : ''}`,
  },
  {
    re: /^must be (above|more than|below) (-?[\d.]+)( %)?(: bounds ascend)?$/,
    zh: (m) => `必须${m[1] === 'below' ? '小于' : '大于'} ${m[2]}${m[3] ?? ''}${m[4] ? '：上下限须递增' : ''}`,
  },
  { re: /^must be more than (min|from) \((.+)\)$/s, zh: (m) => `必须大于 ${m[1]}（${m[2]}）` },
  {
    re: /^must be (-?\d+)\.\.(\d+)(?: (s|\(CA\.\.CF\)))?$/,
    zh: (m) => `必须在 ${m[1]}..${m[2]}${m[3] ? ` ${m[3] === 's' ? '秒' : m[3]}` : ''} 之间`,
  },
  {
    re: /^(?:must |has )?(?:have )?at most (\d+) decimals( \(.+\))?$/s,
    zh: (m) => `最多保留 ${m[1]} 位小数${m[2] ? `（${m[2].slice(2, -1)}）` : ''}`,
  },
  {
    re: /^(?:has )?at most (\d+) (months?|days?) from from$/,
    zh: (m) => `最多为 from 之后 ${m[1]} ${m[2]!.startsWith('month') ? '个月' : '天'}`,
  },
  {
    re: /^(?:has |must name )?at most (\d+) (.+?)( at once)?$/s,
    zh: (m) => (COUNTED[m[2]!] ? `${m[3] ? '一次' : ''}最多 ${m[1]} ${COUNTED[m[2]!]}` : null),
  },
  {
    re: /^(?:needs )?at least (one|\d+) (.+?)( is required)?$/s,
    zh: (m) => (COUNTED[m[2]!] ? `至少需要 ${m[1] === 'one' ? 1 : m[1]} ${COUNTED[m[2]!]}` : null),
  },
  { re: /^(?:the baseline period|the range) must be at most (\d+) months$/, zh: (m) => `时间范围最多 ${m[1]} 个月` },
  { re: /^the name of level (\d+) is required$/, zh: (m) => `第 ${m[1]} 级的名称必填` },
  { re: /^(.+) is set twice$/s, zh: (m) => `${m[1]} 设置了两次` },
  { re: /^(.+) is both set and removed$/s, zh: (m) => `${m[1]} 既被设置又被移除` },
  { re: /^(.+) is already point (\d+)$/s, zh: (m) => `${m[1]} 已是第 ${m[2]} 个点位` },
  { re: /^(.+) is reported in (.+), not (.+)$/s, zh: (m) => `${m[1]} 的单位是 ${m[2]}，不是 ${m[3]}` },
  {
    re: /^(.+)-(.+) overlaps (.+)-(.+) \((ranges|bands) (\d+) and (\d+)\)$/s,
    zh: (m) => `${m[1]}-${m[2]} 与 ${m[3]}-${m[4]} 重叠（第 ${m[6]} 和第 ${m[7]} 个${m[5] === 'bands' ? '时段' : '范围'}）`,
  },
  {
    re: /^nothing covers (.+)-(.+): the bands must cover 00:00-24:00 without gaps$/s,
    zh: (m) => `${m[1]}-${m[2]} 没有时段覆盖：时段必须无间隙地覆盖 00:00-24:00`,
  },
  { re: /^month (\d+) is already in season (\d+) \((.*)\)$/s, zh: (m) => `${m[1]} 月已在第 ${m[2]} 个季节（${seeded(m[3]!)}）中` },
  { re: /^months? (.+) in no season: the seasons must cover months 1-12$/s, zh: (m) => `${m[1]} 月不在任何季节中：季节必须覆盖 1-12 月` },
  {
    re: /^must say how many (packs a rack|cells a pack) holds$/,
    zh: (m) => `必须填写每个${m[1] === 'packs a rack' ? '电池簇包含的电池包' : '电池包包含的电芯'}数量`,
  },
  { re: /^(.+)-(.+) is outside the point's range (.+)-(.+)$/s, zh: (m) => `${m[1]}-${m[2]} 超出该点位的范围 ${m[3]}-${m[4]}` },
  {
    re: /^missing (.+) \((.+), (.+)\), which an? (.+) must report$/s,
    zh: (m) => `缺少 ${m[1]}（${seeded(m[2]!)}，${m[3]}），${thing(m[4]!)}必须上报该点位`,
  },
  {
    re: /^must be after the start (.+) \(a band across midnight is two bands: (.+)-24:00 and 00:00-(.+)\)$/s,
    zh: (m) => `必须晚于开始时间 ${m[1]}（跨零点的时段要分成两个：${m[2]}-24:00 和 00:00-${m[3]}）`,
  },
  {
    re: /^Too many telemetry queries at once: at most (\d+) per user; try again in 1 s$/,
    zh: (m) => `同时进行的遥测查询过多：每个用户最多 ${m[1]} 个，请 1 秒后再试`,
  },
];

/** Units after a bound (`must be at most 168 hours`). */
const MEASURES: Record<string, string> = { hour: '小时', hours: '小时', seconds: '秒', s: '秒' };
/** Things counted by a bound (`at most 64 points` → `最多 64 个点位`), with their measure word. */
const COUNTED: Record<string, string> = {
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
const INVALID_STATION: Record<string, string> = {
  'nothing is built in it any more': '不能再在其中建设',
  'it gets no configuration any more': '不再接收配置',
  'it is out of service for good and no longer edited': '已永久停用，不再编辑',
  'it gets no settings any more': '不再接收设置',
  'it joins no master': '不能加入主站',
  'its cabinets are no longer changed': '其储能柜不再变更',
  'its devices are no longer changed': '其设备不再变更',
};
/** `The X code … is already used`. */
const CODE_OF: Record<string, string> = {
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
const THINGS: Record<string, string> = {
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
const thing = (t: string) => THINGS[t] ?? SEEDED_TEXTS_ZH[t] ?? ` ${t} `;
/** A seeded text (a device type's name) in Chinese, anything else as it is. */
const seeded = (t: string) => SEEDED_TEXTS_ZH[t] ?? t;

/** `revision 2 (delivery 7)` → `修订 2（下发记录 7）`. */
const revisionZh = (t: string) => t.replace(/^revision (\S+) \(delivery (\d+)\)$/, '修订 $1（下发记录 $2）');
/** A storage station's states (`Storage station S-01 is enabled: …`). */
const STATES: Record<string, string> = { draft: '草稿', configured: '已配置', enabled: '已启用', disabled: '已停用', invalid: '已作废' };
const state = (s: string) => STATES[s] ?? ` ${s} `;
/** A PV station's stages (`PV station P-01 is already in the stage planning`). */
const STAGES: Record<string, string> = { planning: '规划', construction: '建设', 'grid-connected': '并网', decommissioned: '退役' };
const stage = (s: string) => STAGES[s] ?? ` ${s} `;

/** A message or a problem, whole: its exact Chinese or a template's; null when neither knows it. */
function whole(text: string): string | null {
  const exact = TEXTS[text];
  if (exact !== undefined) return exact;
  for (const t of TEMPLATES) {
    const m = t.re.exec(text);
    const zh = m && t.zh(m);
    if (zh)
      return zh
        .replace(/ {2,}/g, ' ')
        .replace(/ ([，。：；）])/g, '$1')
        .trim();
  }
  return null;
}

/** A field path before a problem: `body.fcsDeviceIds.2`, `query`, `path.id`, `body.items.12...`. */
const FIELD_PART = /^([A-Za-z_$][\w$.[\]-]*(?:\.\.\.)?): (.+)$/s;

/** One `field: problem` part (or a message without a field): its Chinese, or null. */
function part(text: string): string | null {
  const m = FIELD_PART.exec(text);
  const problem = m && whole(m[2]!);
  return problem ? `${m![1]}：${problem}` : whole(text);
}

/**
 * An error message in the caller's language: in zh-CN, the Chinese of the whole message or of each of
 * its `; `-joined parts (a part with no Chinese stays English); in en-US, the message as it is.
 */
export function errorText(message: string, lang: SeededLang): string {
  if (lang !== 'zh-CN' || !message) return message;
  const one = part(message);
  if (one !== null) return one;
  if (!message.includes('; ')) return message;
  const parts = message.split('; ').map((p) => ({ en: p, zh: part(p) }));
  return parts.some((p) => p.zh !== null) ? parts.map((p) => p.zh ?? p.en).join('；') : message;
}

/** True when a message has Chinese (errorText would change it): the coverage test's question. */
export function hasErrorTextZh(message: string): boolean {
  return errorText(message, 'zh-CN') !== message;
}

/** The default message of a code in the caller's language. */
export function defaultErrorText(code: ErrorCodeValue, lang: SeededLang): string {
  return lang === 'zh-CN' ? DEFAULT_MESSAGES_ZH[code] : defaultMessageOf[code];
}

// a default message is a message too: `new AppError(code)` answers it
for (const code of Object.values(ErrorCode)) TEXTS[defaultMessageOf[code]] ??= DEFAULT_MESSAGES_ZH[code];
// the strategy validator's problems (strategyIssuesError: `body.strategy.x: <message>`) have their Chinese already
for (const code of Object.keys(STRATEGY_MESSAGES) as StrategyMessageCode[]) TEXTS[STRATEGY_MESSAGES[code]] ??= strategyMessagesZh[code];
