/**
 * The Chinese of every catalogue text the platform seeds and users read (docs/i18n.md): device
 * categories, types and data properties (with their state values), the seeded roles, OU types and
 * organisation levels, the demo's time-of-use seasons, server alarm scenes and the texts the server
 * writes into alarms (contents and recovery remarks) and jobs. Rows keep the English text they were seeded with;
 * the server answers `seededText(text, lang)` in the reader's language, so a text a tenant typed itself
 * (anything not seeded) stays as it was typed. Zod-free: the e2e tests read the English list from here.
 */
import { DEVICE_CATEGORIES, DEVICE_TYPES } from '../device/device-types.js';

export type SeededLang = 'en-US' | 'zh-CN';

/** Device categories, types and properties, by their English name. */
const DEVICES: Record<string, string> = {
  Photovoltaic: '光伏',
  Metering: '计量',
  'Battery storage': '储能',
  'EV charging': '充电',
  Environment: '环境',
  Gateways: '网关',
  'PV inverter': '光伏逆变器',
  'PV string': '光伏组串',
  'Grid connection meter': '并网电表',
  'Feeder (circuit) meter': '馈线（回路）电表',
  'PV generation meter': '光伏发电电表',
  'Storage PCS': '储能变流器',
  'Battery rack': '电池簇',
  'Battery pack': '电池包',
  'Battery cell': '电芯',
  'Charging pile': '充电桩',
  'Environment sensor': '环境传感器',
  'Edge gateway': '边缘网关',
  'FCS edge controller': 'FCS 边缘控制器',
  'AC active power': '交流有功功率',
  'DC input power': '直流输入功率',
  'AC voltage (phase A)': '交流电压（A 相）',
  'AC current (phase A)': '交流电流（A 相）',
  'Grid frequency': '电网频率',
  'Internal temperature': '机内温度',
  'Total yield': '累计发电量',
  'Operating state (0 standby, 1 running, 2 fault)': '运行状态（0 待机，1 运行，2 故障）',
  'String voltage': '组串电压',
  'String current': '组串电流',
  'String power': '组串功率',
  'Active power (import positive)': '有功功率（输入为正）',
  'Active power (generation positive)': '有功功率（发电为正）',
  'Generated energy': '发电量',
  'Reactive power': '无功功率',
  'Power factor': '功率因数',
  'Voltage phase A': 'A 相电压',
  'Current phase A': 'A 相电流',
  'Imported energy': '正向电量',
  'Exported energy': '反向电量',
  'Active power': '有功功率',
  'Consumed energy': '用电量',
  'Active power (discharge positive)': '有功功率（放电为正）',
  'State of charge': '荷电状态',
  'State of health': '健康状态',
  'Charged energy': '充电量',
  'Discharged energy': '放电量',
  'Operating state (0 standby, 1 charging, 2 discharging, 3 fault)': '运行状态（0 待机，1 充电，2 放电，3 故障）',
  'Rack voltage': '电池簇电压',
  'Rack current': '电池簇电流',
  'Rack state of charge': '电池簇荷电状态',
  'Highest cell temperature': '最高单体温度',
  'Lowest cell temperature': '最低单体温度',
  'Pack voltage': '电池包电压',
  'Highest cell voltage': '最高单体电压',
  'Lowest cell voltage': '最低单体电压',
  'Pack temperature': '电池包温度',
  'Cell voltage': '电芯电压',
  'Cell temperature': '电芯温度',
  'Charging power': '充电功率',
  'Delivered energy': '累计充电量',
  'Energy of the current session': '本次充电电量',
  'Gun state (0 idle, 1 plugged, 2 charging, 3 fault)': '充电枪状态（0 空闲，1 已插枪，2 充电中，3 故障）',
  'Plane-of-array irradiance': '斜面辐照度',
  'Ambient temperature': '环境温度',
  'Module temperature': '组件温度',
  'Wind speed': '风速',
  'Relative humidity': '相对湿度',
  'Signal strength': '信号强度',
  'CPU load': 'CPU 负载',
  'Running state (0 stopped, 1 running, 2 fault)': '运行状态（0 停止，1 运行，2 故障）',
  'Control mode (0 manual, 1 strategy, 2 remote command)': '控制模式（0 手动，1 策略，2 远程指令）',
  'Executing strategy id (0 none)': '执行中的策略 ID（0 无）',
  'Strategy version it runs (1 CA .. 6 CF)': '运行的策略版本（1 CA .. 6 CF）',
  'Container temperature': '储能舱温度',
  'Container relative humidity': '储能舱相对湿度',
  'Smoke detector (0 clear, 1 smoke)': '烟感（0 正常，1 有烟）',
  'Water-leak sensor (0 dry, 1 water)': '水浸（0 正常，1 有水）',
};

/** Roles, OU types, organisation levels and time-of-use seasons the platform and the demo seed. */
const ORGANISATION: Record<string, string> = {
  'Tenant administrator': '租户管理员',
  'Every page and button, and every OU; grows with the platform (auto-sync).': '全部页面和按钮、全部运营单元；随平台功能自动同步增加。',
  Operator: '运维员',
  'Every menu page, read-only: no buttons. Sees its own OUs.': '全部菜单页面，只读（无按钮），只看自己的运营单元。',
  'Industrial site': '工业厂区',
  'Logistics park': '物流园区',
  Region: '区域',
  headquarters: '总部',
  subsidiary: '子公司',
  plant: '工厂',
  workshop: '车间',
  park: '园区',
  Summer: '夏季',
  'Rest of the year': '其他月份',
};

/** Server alarm scenes (the rule name of a server alarm) and the remarks the server writes on recovery. */
const ALARMS: Record<string, string> = {
  'Gateway offline': '网关离线',
  'Device offline': '设备离线',
  'Data delayed': '数据延迟',
  'PV string dead': '组串无电流',
  'PV string dispersion high': '组串离散率超限',
  'the string was left out of the dispersion analysis': '该组串已排除出离散率分析',
  'the string produces again': '组串已恢复发电',
  'the inverter was left out of the dispersion analysis': '该逆变器已排除出离散率分析',
  'the dispersion left the worst class': '离散率已脱离最差等级',
  'Delivery failed': '下发失败',
  'Charging connector faulted': '充电枪故障',
  'Line loss high': '线损率超限',
  recovered: '已恢复',
  'back online': '已重新上线',
  'data arrived': '数据已恢复',
  'data arrived, or the device went offline': '数据已恢复，或设备已离线',
  'the device was deleted': '设备已删除',
  'the condition cleared': '告警条件已解除',
  'the device is no longer covered by the rule': '设备已不在规则范围内',
  'no error code': '无故障代码',
};

/** Messages the server writes on a job (JobsService). */
const JOBS: Record<string, string> = {
  'The job stopped on an internal error': '任务因内部错误停止',
  'The job was interrupted (the server restarted); start it again': '任务被中断（服务器重启），请重新开始',
};

/** Every seeded English text with its Chinese. */
export const SEEDED_TEXTS_ZH: Readonly<Record<string, string>> = { ...DEVICES, ...ORGANISATION, ...ALARMS, ...JOBS };

const CONDITION = '(>|≥|<|≤|=|≠)';
const MEASURE = '(-?[\\d.]+(?:e[-+]?\\d+)?(?: [^ ]+)?)';
const zhOf = (text: string) => SEEDED_TEXTS_ZH[text] ?? text;
const zhStatus: Record<string, string> = {
  Available: '空闲',
  Preparing: '准备中',
  Charging: '充电中',
  SuspendedEV: '车辆暂停',
  SuspendedEVSE: '充电桩暂停',
  Finishing: '充电结束',
  Reserved: '已预约',
  Unavailable: '不可用',
};

/**
 * The texts the server composes (alarm contents, recovery remarks), each a pattern over its English
 * form with the Chinese built from the parts; the parts that are seeded texts are translated too.
 */
const TEMPLATES: { re: RegExp; zh: (m: RegExpExecArray) => string }[] = [
  // a device rule alarm: `Highest cell temperature 31.2 °C > 30 °C for 60 s`
  {
    re: new RegExp(`^(.+) ${MEASURE} ${CONDITION} ${MEASURE}(?: for (\\d+) s)?$`),
    zh: (m) => `${zhOf(m[1]!)} ${m[2]} ${m[3]} ${m[4]}${m[5] ? `，持续 ${m[5]} 秒` : ''}`,
  },
  { re: /^(.+) \((.+)\) went offline$/, zh: (m) => `${m[1]}（${m[2]}）离线` },
  // the PV dispersion check's alarms (apps/server/src/domains/pv/pv-dispersion-alarms.ts)
  {
    re: /^String (.+) gives no current while the other strings of its inverter produce \((\d+) of (\d+) qualifying 15 min buckets dead in the last (\d+) h\)$/,
    zh: (m) => `组串 ${m[1]} 无电流，同一逆变器的其他组串在发电（近 ${m[4]} 小时 ${m[3]} 个有效 15 分钟时段中 ${m[2]} 个无电流）`,
  },
  {
    re: /^String dispersion of (.+?)( \(MPPT (\d+)\))?: ([\d.]+) %, class (.+) over the last (\d+) h$/,
    zh: (m) => `${m[1]}${m[3] ? `（MPPT ${m[3]}）` : ''} 组串离散率 ${m[4]} %，近 ${m[6]} 小时为 ${m[5]} 等级`,
  },
  {
    re: /^(.+) \((.+)\) is online but has sent no data for over (\d+) min$/,
    zh: (m) => `${m[1]}（${m[2]}）在线，但已超过 ${m[3]} 分钟没有上报数据`,
  },
  { re: /^(.+) gun (\d+) faulted: (.*)$/, zh: (m) => `${m[1]} ${m[2]} 号枪故障：${zhOf(m[3]!)}` },
  { re: /^the connector is (\w+)$/, zh: (m) => `充电枪${zhStatus[m[1]!] ?? m[1]}` },
  { re: /^delivery (\d+) accepted$/, zh: (m) => `下发 ${m[1]} 已被接受` },
  {
    re: /^Delivery of strategy "(.*)" \(revision (\d+)\) (?:was rejected by the FCS of (.+)|to (.+) failed): (.*)$/s,
    zh: (m) =>
      m[3] ? `策略“${m[1]}”（修订 ${m[2]}）被 ${m[3]} 的 FCS 拒绝：${m[5]}` : `策略“${m[1]}”（修订 ${m[2]}）下发到 ${m[4]} 失败：${m[5]}`,
  },
  {
    re: /^Stopping strategy "(.*)" (?:was rejected by the FCS of (.+)|to (.+) failed): (.*)$/s,
    zh: (m) => (m[2] ? `停止策略“${m[1]}”被 ${m[2]} 的 FCS 拒绝：${m[4]}` : `停止策略“${m[1]}”（${m[3]}）失败：${m[4]}`),
  },
  { re: /^(\d+)-level subsidiary$/, zh: (m) => `${m[1]}级子公司` },
];

/**
 * A text in the reader's language: the Chinese of a seeded text or of a text the server composed, else
 * the text itself (a tenant's own names, codes, anything not seeded).
 */
export function seededText<T extends string | null | undefined>(text: T, lang: SeededLang): T {
  if (lang !== 'zh-CN' || !text) return text;
  const exact = SEEDED_TEXTS_ZH[text];
  if (exact !== undefined) return exact as T;
  for (const t of TEMPLATES) {
    const m = t.re.exec(text);
    if (m) return t.zh(m) as T;
  }
  return text;
}

/** The seeded English texts a zh-CN page must never show (e2e/pages.e2e.ts). */
export function seededEnglishTexts(): string[] {
  return Object.keys(SEEDED_TEXTS_ZH);
}

/** The English names the device catalogue seeds (what the dictionary must cover; checked by a test). */
export function deviceCatalogueTexts(): string[] {
  return [...DEVICE_CATEGORIES.map((c) => c.name), ...DEVICE_TYPES.flatMap((t) => [t.name, ...t.properties.map((p) => p.name)])];
}
