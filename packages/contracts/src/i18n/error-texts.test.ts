import { describe, expect, it } from 'vitest';
import { ErrorCode, defaultMessageOf } from '../common/errors.js';
import { STRATEGY_MESSAGES, strategyMessagesZh } from '../strategy/messages.js';
import { DEFAULT_MESSAGES_ZH, defaultErrorText, errorText, hasErrorTextZh } from './error-texts.js';

const zh = (message: string) => errorText(message, 'zh-CN');

describe('error messages in Chinese', () => {
  it('gives every error code a Chinese default message, also when it is the whole message', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(DEFAULT_MESSAGES_ZH[code]).toMatch(/\p{Script=Han}/u);
      expect(zh(defaultMessageOf[code])).toBe(DEFAULT_MESSAGES_ZH[code]);
      expect(defaultErrorText(code, 'en-US')).toBe(defaultMessageOf[code]);
    }
    expect(defaultErrorText(ErrorCode.INTERNAL, 'zh-CN')).toBe('未知错误，请联系管理员');
  });

  it("translates a field's problem and keeps the field path, codes and names as they are", () => {
    expect(zh('body.fcsDeviceId: is not one of your devices')).toBe('body.fcsDeviceId：不是您的设备');
    expect(zh('body.name: is required')).toBe('body.name：必填');
    expect(zh('body.fcsDeviceId: WX-01-PCS-01 is a Storage PCS, not an FCS edge controller')).toBe(
      'body.fcsDeviceId：WX-01-PCS-01 是储能变流器，不是 FCS 边缘控制器',
    );
    expect(zh('body.pcsIds.1: is not a PCS of WX-01')).toBe('body.pcsIds.1：不是 WX-01 的 PCS');
    expect(zh('body.code: SZ-01 is already a stack of WX-01')).toBe('body.code：SZ-01 已经是 WX-01 的电池堆');
    expect(zh('file: is empty')).toBe('file：为空');
  });

  it('translates not-found, forbidden, the database conflict and the handler texts', () => {
    expect(zh('The file does not exist')).toBe('文件不存在');
    expect(zh('Customer C-01 does not exist')).toBe('客户 C-01 不存在');
    expect(zh('Alarm rule 12 does not exist')).toBe('告警规则 12 不存在');
    expect(zh('The cost info of storage station WX-01 does not exist')).toBe('储能电站 WX-01 的成本信息不存在');
    expect(zh('Inverter INV-01 of PV station SZ-PV-01 does not exist')).toBe('光伏电站 SZ-PV-01 的逆变器 INV-01 不存在');
    expect(zh('You do not have the permission p-bsa-strategy or p-bsa-template')).toBe('您没有权限 p-bsa-strategy 或 p-bsa-template');
    expect(zh('It already exists: another request saved the same value first (devices_code_uq). Reload and try again.')).toBe(
      '已存在：另一个请求先保存了相同的值（devices_code_uq）。请刷新后重试。',
    );
    expect(zh('No such call: GET /api/v2/nothing')).toBe('没有这个接口：GET /api/v2/nothing');
    expect(zh('The request body is malformed: it is not valid JSON or form data')).toBe('请求体格式错误：不是有效的 JSON 或表单数据');
  });

  it("translates zod's messages part by part", () => {
    expect(zh('body.name: is required; body.code: Invalid input: expected string, received number')).toBe(
      'body.name：必填；body.code：输入无效：应为字符串，实际为数字',
    );
    expect(zh('body.name: Too small: expected string to have >=1 characters')).toBe('body.name：过短：至少 1 个字符');
    expect(zh('body.items: Too big: expected array to have <=50 items')).toBe('body.items：过多：最多 50 项');
    expect(zh('query.size: Too big: expected number to be <=500')).toBe('query.size：过大：不能大于 500');
    expect(zh('body.kind: Invalid option: expected one of "pcs"|"meter"')).toBe('body.kind：选项无效：应为 "pcs"|"meter" 之一');
    expect(zh('body.day: Invalid ISO date')).toBe('body.day：ISO 日期无效');
    expect(zh('body: Unrecognized key: "extra"')).toBe('body：无法识别的字段："extra"');
    expect(zh('body.a: is required; body.b: is required; and 3 more')).toBe('body.a：必填；body.b：必填；另有 3 项');
  });

  it("translates the contracts' own bounds and the composed server messages", () => {
    expect(zh('body.name: must be at most 64 characters')).toBe('body.name：最多 64 个字符');
    expect(zh('body.hours: must be at most 168 hours')).toBe('body.hours：不能大于 168 小时');
    expect(zh('body.points: at most 64 points')).toBe('body.points：最多 64 个点位');
    expect(zh('body.fcsDeviceIds: at most 200 FCS at once')).toBe('body.fcsDeviceIds：一次最多 200 个 FCS');
    expect(zh('body.price: must have at most 3 decimals (W / Wh)')).toBe('body.price：最多保留 3 位小数（W / Wh）');
    expect(zh('body.port: must be 1..65535')).toBe('body.port：必须在 1..65535 之间');
    expect(zh('body.deviceIds: device SZ-01-FM-01 is not a Grid connection meter')).toBe('body.deviceIds：设备 SZ-01-FM-01 不是并网电表');
    expect(zh('Storage station WX-01 is enabled: only a draft can be finished')).toBe('储能电站 WX-01 的状态为已启用：只有草稿可以完成');
    expect(zh('Too many exports: at most 5 per user every 60 s; try again in 12 s')).toBe(
      '导出过多：每个用户每 60 秒最多 5 次，请 12 秒后再试',
    );
    expect(zh(`body.strategy.meters: ${STRATEGY_MESSAGES['smart.meters.empty']}`)).toBe(
      `body.strategy.meters：${strategyMessagesZh['smart.meters.empty']}`,
    );
  });

  it('leaves what it does not know in English, a part at a time, and en-US as it is', () => {
    expect(zh('body.x: something new went wrong')).toBe('body.x: something new went wrong');
    expect(zh('body.a: is required; body.b: something new')).toBe('body.a：必填；body.b: something new');
    expect(zh('Frobnication failed')).toBe('Frobnication failed');
    expect(hasErrorTextZh('Frobnication failed')).toBe(false);
    expect(zh('Widget W-1 does not exist')).toBe('Widget W-1 does not exist');
    expect(errorText('body.name: is required', 'en-US')).toBe('body.name: is required');
  });
});
