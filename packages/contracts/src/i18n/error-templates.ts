import {
  CODE_OF,
  COUNTED,
  FORMATS,
  INVALID_STATION,
  MEASURES,
  SIZE_BOUND,
  SIZE_WORDS,
  UNITS,
  VALUE_BOUND,
  noun,
  revisionZh,
  seeded,
  stage,
  state,
  thing,
  type,
} from './error-words.js';

/**
 * Error messages with values in them (docs/i18n.md, "Error messages"), each a pattern over its English form
 * with the Chinese built from the parts and the words of error-words.ts. Tried in order, the most frequent
 * first and a narrow pattern before a broad one that would also match it (apps/server/test/error-texts.test.ts
 * lists the ones left in English).
 */
export interface ErrorTemplate {
  re: RegExp;
  zh: (m: RegExpExecArray) => string | null;
}

/**
 * The templates; `translate` answers a whole message in Chinese (errorText), for a template that quotes
 * another message after its colon.
 */
export function errorTemplates(translate: (message: string) => string): ErrorTemplate[] {
  return [
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
    {
      re: /^Storage station (.+) is enabled: disable it before removing a PCS$/s,
      zh: (m) => `储能电站 ${m[1]} 已启用：请先停用再移除 PCS`,
    },
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
    {
      re: /^You can auto-sync only nodes your own role auto-syncs: (.+)$/s,
      zh: (m) => `您只能自动同步您自己的角色自动同步的节点：${m[1]}`,
    },
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
      zh: (m) => `${revisionZh(m[1]!)}已不再通过编辑器的检查：${translate(m[2]!)}`,
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
}
