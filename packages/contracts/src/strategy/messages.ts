// Zod-free: every validation message of the strategy editor, by stable code. English is the spec's text
// (spec 002 sections 2, 4, 5 and 8); where the spec implies a rule without a message the text is ours.

export const STRATEGY_MESSAGES = {
  // version (spec 002 section 2)
  'version.unknown': 'strategy not registered',
  // sections list
  'sections.empty': 'please add a card',
  'sections.lastKind': 'must end with smart charge/discharge or peak-shaving discharge',
  'sections.overlap': 'time periods overlap',
  'sections.coverage': 'time periods must cover 0-24 hours',
  /** Not an error: the text of the confirm dialog before submitting (see `needsStartConfirm`). */
  'sections.startConfirm': 'the cards do not start with a peak-shaving charge strategy or smart charge/discharge, confirm?',
  'section.time.invalid': 'time period setting error',
  'section.type.invalid': 'Invalid strategy section type',
  'section.type.notInVersion': 'this card kind is not available in this strategy version',
  // global fields
  'name.invalid': 'please enter a correct name',
  'dates.required': 'please select date',
  'dates.past': 'past days cannot be selected',
  'granularity.invalid': 'please select the time granularity',
  'protect.required': 'please select the control basis',
  'dod.required': 'please enter the DOD range',
  'dod.range': 'DOD must be an integer from 0 to 100',
  'dod.order': 'DOD latter value must be greater than the former',
  'cellVoltage.min.required': 'please enter the minimum cell voltage',
  'cellVoltage.max.required': 'please enter the maximum cell voltage',
  'cellVoltage.min.range': 'minimum cell voltage must be 2.5 to 3.7 V, at most 2 decimals',
  'cellVoltage.max.range': 'maximum cell voltage must be 3 to 4.2 V, at most 2 decimals',
  'cellVoltage.order': 'maximum cell voltage must be greater than the minimum',
  // generic field rules
  'field.required': 'this field is required',
  'field.kwInt': 'please enter an integer from 0 to 9999999',
  'field.kwIntSigned': 'please enter an integer from -9999999 to 9999999',
  'field.int1': 'please enter an integer from 1 to 9999999',
  'field.capacity': 'please enter an integer from 1 to 99999999',
  // charge card
  'charge.recover': 'recover value cannot be higher than protection value',
  // discharge card
  'discharge.trigger.required': 'please select the discharge trigger condition',
  'discharge.trigger.notInVersion': 'this discharge trigger condition is not available in this strategy version',
  'discharge.immediate.order': 'recovery discharge load cannot be lower than stop discharge load',
  'discharge.threshold.order': 'trigger discharge load cannot be lower than stop discharge load',
  'discharge.loadRate': 'target load rate must be 0 to 100 percent, at most one decimal',
  'pi.required': 'please fill P and I',
  'pi.kp': 'P must be greater than 0',
  'pi.ki': 'I must be 0 or more',
  'discharge.empty.required': 'please select surplus-power automatic emptying',
  'discharge.empty.notInVersion': 'this emptying option is not available in this strategy version',
  'discharge.emptyTime.required': 'please select the surplus-power automatic emptying time',
  'discharge.emptyTime.outside': 'the emptying time must be within the time section',
  // smart charge/discharge card
  'smart.trigger.required': 'please select the smart charging trigger condition',
  'smart.trigger.notInVersion': 'this smart charging trigger condition is not available in this strategy version',
  'smart.loadAction.required': 'please select the action when load is high',
  'smart.kw.format': 'please enter a number, at most one decimal',
  'smart.kw.negative': 'please enter a number of 0 or more, at most one decimal',
  'smart.discharge.balance':
    'discharge target load minus max discharge power must be greater than demand control target plus max charge power',
  'smart.meterType.required': 'please select the charging meter type',
  'smart.capacity.aboveDemand': 'the transformer capacity threshold cannot be above the demand control target',
  'smart.meters.empty': 'please add at least one upper transformer meter',
  'smart.meter.aboveDemand': 'the meter charge threshold cannot exceed the demand control target',
} as const;

export type StrategyMessageCode = keyof typeof STRATEGY_MESSAGES;

/** The same messages in Chinese, the product's strategy UI language. */
export const strategyMessagesZh: Record<StrategyMessageCode, string> = {
  'version.unknown': '策略未注册',
  'sections.empty': '请添加卡片',
  'sections.lastKind': '必须以智能充放电或削峰填谷放电结束',
  'sections.overlap': '时间段有重叠',
  'sections.coverage': '时间段必须覆盖0-24小时',
  'sections.startConfirm': '卡片未以削峰填谷充电或智能充放电开始，确认提交吗？',
  'section.time.invalid': '时间段设置错误',
  'section.type.invalid': '无效的策略时段类型',
  'section.type.notInVersion': '该策略版本不支持此卡片类型',
  'name.invalid': '请输入正确的名称',
  'dates.required': '请选择日期',
  'dates.past': '不能选择已过去的日期',
  'granularity.invalid': '请选择时间粒度',
  'protect.required': '请选择控制依据',
  'dod.required': '请输入DOD范围',
  'dod.range': 'DOD须为0到100的整数',
  'dod.order': 'DOD后值必须大于前值',
  'cellVoltage.min.required': '请输入单体电压下限',
  'cellVoltage.max.required': '请输入单体电压上限',
  'cellVoltage.min.range': '单体电压下限须为2.5到3.7 V，最多两位小数',
  'cellVoltage.max.range': '单体电压上限须为3到4.2 V，最多两位小数',
  'cellVoltage.order': '单体电压上限必须大于下限',
  'field.required': '此项为必填项',
  'field.kwInt': '请输入0到9999999的整数',
  'field.kwIntSigned': '请输入-9999999到9999999的整数',
  'field.int1': '请输入1到9999999的整数',
  'field.capacity': '请输入1到99999999的整数',
  'charge.recover': '恢复值不能高于保护值',
  'discharge.trigger.required': '请选择放电触发条件',
  'discharge.trigger.notInVersion': '该策略版本不支持此放电触发条件',
  'discharge.immediate.order': '恢复放电负荷不能低于停止放电负荷',
  'discharge.threshold.order': '触发放电负荷不能低于停止放电负荷',
  'discharge.loadRate': '目标负载率须为0到100%，最多一位小数',
  'pi.required': '请填写P和I',
  'pi.kp': 'P必须大于0',
  'pi.ki': 'I必须大于或等于0',
  'discharge.empty.required': '请选择余电自动放空方式',
  'discharge.empty.notInVersion': '该策略版本不支持此放空方式',
  'discharge.emptyTime.required': '请选择余电自动放空时间',
  'discharge.emptyTime.outside': '放空时间必须在本时段内',
  'smart.trigger.required': '请选择智能充电触发条件',
  'smart.trigger.notInVersion': '该策略版本不支持此智能充电触发条件',
  'smart.loadAction.required': '请选择负荷过高时的动作',
  'smart.kw.format': '请输入数字，最多一位小数',
  'smart.kw.negative': '请输入大于或等于0的数字，最多一位小数',
  'smart.discharge.balance': '放电目标负荷减去最大放电功率必须大于需量控制目标加最大充电功率',
  'smart.meterType.required': '请选择充电计量表类型',
  'smart.capacity.aboveDemand': '变压器容量阈值不能高于需量控制目标',
  'smart.meters.empty': '请至少添加一个上级变压器电表',
  'smart.meter.aboveDemand': '电表充电阈值不能超过需量控制目标',
};

/** The message of a code in a language (English by default); unknown codes come back as they are. */
export function strategyMessage(code: string, lang: 'en-US' | 'zh-CN' = 'en-US'): string {
  const table: Record<string, string> = lang === 'zh-CN' ? strategyMessagesZh : STRATEGY_MESSAGES;
  return table[code] ?? code;
}
