import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DischargeStrategy,
  newStrategyForm,
  sampleSection,
  sampleStrategyForm,
  SectionType,
  type StrategyForm,
} from '@energy/contracts/strategy-rules';
import { describe, expect, it, vi } from 'vitest';
import { OVERVIEW_COLORS, FREE_COLOR } from './overview-kind';
import { inLanguage, renderEditor } from './test-utils';

const T = { timeout: 60_000 };
const overviewCards = () => screen.queryAllByTestId(/^overview-card-\d+$/);
const bar = (slot: number) => screen.getByTestId(`overview-bar-${slot}`);
/** jsdom keeps colours as rgb(): compare through a probe element. */
const css = (color: string) => {
  const probe = document.createElement('div');
  probe.style.background = color;
  return probe.style.background;
};

/** A valid day that starts with standby: the first-card confirm applies. */
function startsWithStandby(): StrategyForm {
  const form = sampleStrategyForm(1);
  return { ...form, sections: [sampleSection(SectionType.STANDBY, [0, 8]), ...form.sections.slice(1)] };
}

describe('StrategyEditor', () => {
  it('the overview strip follows the cards: one card per section in time order, 48 coloured bars, hours 1..24', T, () => {
    renderEditor({ initial: sampleStrategyForm(1) });
    expect(overviewCards().map((c) => c.getAttribute('data-kind'))).toEqual(['charge', 'discharge', 'standby', 'consumption']);
    expect(overviewCards()[0]!.style.width).toBe('180px');
    expect(within(overviewCards()[0]!).getByTestId('overview-card-period').textContent).toBe('00:00-08:00');
    expect(within(overviewCards()[0]!).getByTestId('overview-card-value').textContent).toBe('500 kW');
    expect(within(overviewCards()[0]!).getByTestId('overview-icon-charge')).toBeTruthy();
    expect(screen.getAllByTestId(/^overview-bar-\d+$/)).toHaveLength(48);
    expect(screen.getAllByTestId(/^overview-hour-\d+$/).map((h) => h.textContent)).toEqual(
      Array.from({ length: 24 }, (_, i) => String(i + 1)),
    );
    expect(bar(0).getAttribute('data-kind')).toBe('charge');
    expect(bar(0).style.background).toBe(css(OVERVIEW_COLORS.charge));
    expect(bar(16).getAttribute('data-kind')).toBe('discharge');
    expect(bar(24).getAttribute('data-kind')).toBe('standby');
    expect(bar(47).getAttribute('data-kind')).toBe('consumption');

    // deleting the 08-12 discharge card empties its half hours
    fireEvent.click(screen.getByTestId('section-1-delete'));
    expect(overviewCards().map((c) => c.getAttribute('data-kind'))).toEqual(['charge', 'standby', 'consumption']);
    expect(bar(16).getAttribute('data-kind')).toBe('none');
    expect(bar(16).style.background).toBe(css(FREE_COLOR));

    // a discharge card by demand added after the charge card shows as 'target demand' from 08:00
    fireEvent.click(screen.getByTestId('section-0-add-discharge'));
    expect(screen.getByTestId('section-card-1').getAttribute('data-type')).toBe('discharge');
    expect(screen.getByTestId('section-1-period').textContent).toBe('08:00---:--');
    expect(overviewCards().map((c) => c.getAttribute('data-kind'))).toEqual(['charge', 'discharge', 'standby', 'consumption']);
  });

  it('Display mode: nothing editable, no add or delete buttons, no submit', T, () => {
    renderEditor({ initial: sampleStrategyForm(6), mode: 'display' });
    expect(screen.getByTestId('strategy-editor').getAttribute('data-mode')).toBe('display');
    const form = screen.getByTestId('strategy-form');
    const enabled = [...form.querySelectorAll('input, textarea, [role="switch"], [role="radio"]')].filter(
      (el) => !(el as HTMLInputElement).disabled && el.getAttribute('aria-disabled') !== 'true',
    );
    expect(enabled).toEqual([]);
    expect(form.querySelectorAll('input').length).toBeGreaterThan(10);
    expect(screen.queryAllByTestId(/-delete$/)).toEqual([]);
    expect(screen.queryAllByTestId(/-add-/)).toEqual([]);
    expect(screen.queryByTestId('add-first')).toBeNull();
    expect(screen.queryByTestId('strategy-submit')).toBeNull();
    // collapsing still works
    fireEvent.click(screen.getByTestId('section-0-toggle'));
    expect(screen.getByTestId('section-card-0').getAttribute('data-collapsed')).toBe('true');
  });

  it('Copy mode: the name gets the copy suffix', T, () => {
    renderEditor({ initial: sampleStrategyForm(1), mode: 'copy' });
    expect((screen.getByTestId('strategy-name') as HTMLInputElement).value).toBe('Plant_A-strategy-copy');
    expect(screen.getByTestId('strategy-mode').getAttribute('data-mode')).toBe('copy');
  });

  it("an unknown version shows 'strategy not registered'", T, async () => {
    renderEditor({ initial: { ...sampleStrategyForm(1), version: 9 } });
    expect(screen.getByTestId('strategy-not-registered').textContent).toBe('strategy not registered');
    expect(screen.queryByTestId('strategy-editor')).toBeNull();
    await inLanguage('zh-CN', () => {
      expect(screen.getByTestId('strategy-not-registered').textContent).toBe('策略未注册');
    });
  });

  it('CB shows powers over 1000 kW in MW with two decimals (CA in kW)', T, () => {
    const big = (version: number): StrategyForm => {
      const form = sampleStrategyForm(version);
      form.sections[0] = { ...form.sections[0]!, pcsPower: 1500 };
      return form;
    };
    const { unmount } = renderEditor({ initial: big(2) });
    expect(within(overviewCards()[0]!).getByTestId('overview-card-value').textContent).toBe('1.50 MW');
    // 400 kW stays in kW
    expect(within(overviewCards()[1]!).getByTestId('overview-card-value').textContent).toBe('400 kW');
    expect(screen.getByTestId('section-0-pcsPower-mw').textContent).toBe('= 1.50 MW');
    unmount();
    renderEditor({ initial: big(1) });
    expect(within(overviewCards()[0]!).getByTestId('overview-card-value').textContent).toBe('1500 kW');
    expect(screen.queryByTestId('section-0-pcsPower-mw')).toBeNull();
  });

  it('asks before submitting a day that does not start with charge or smart, and submits on OK', T, async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderEditor({ initial: startsWithStandby(), onSubmit });
    fireEvent.click(screen.getByTestId('strategy-submit'));
    expect((await screen.findByTestId('strategy-start-confirm')).textContent).toBe(
      'the cards do not start with a peak-shaving charge strategy or smart charge/discharge, confirm?',
    );
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('strategy-start-confirm-ok'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const wire = onSubmit.mock.calls[0]![0];
    expect(wire.sections[0]).toEqual({ beginTime: '00:00:00', endTime: '08:00:00', type: 'STANDBY', additionalFields: {} });
    expect(wire.sections[3].endTime).toBe('23:59:59');
  });

  it('the first-card confirm in Chinese; Cancel does not submit', T, async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    await inLanguage('zh-CN', async () => {
      renderEditor({ initial: startsWithStandby(), onSubmit });
      fireEvent.click(screen.getByTestId('strategy-submit'));
      expect((await screen.findByTestId('strategy-start-confirm')).textContent).toBe('卡片未以削峰填谷充电或智能充放电开始，确认提交吗？');
      fireEvent.click(screen.getByTestId('strategy-start-confirm-cancel'));
      await waitFor(() => expect(screen.queryByTestId('strategy-start-confirm')).toBeNull());
      expect(onSubmit).not.toHaveBeenCalled();
    });
  });

  it('a day starting with charge is submitted without asking', T, async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderEditor({ initial: sampleStrategyForm(1), onSubmit });
    fireEvent.click(screen.getByTestId('strategy-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('strategy-start-confirm')).toBeNull();
  });

  it('shows the validator messages at their fields and above the cards, in en-US', T, async () => {
    const onSubmit = vi.fn();
    const form = sampleStrategyForm(1);
    form.name = 'bad name!';
    form.dod = [50, 40];
    form.sections[1] = { ...form.sections[1]!, triggerDischargeLoad: 500, stopDischargeLoad: 600 };
    form.sections.pop(); // 14-24 uncovered, last card standby
    renderEditor({ initial: form, onSubmit });
    // nothing before the first submit
    expect(screen.queryByTestId('strategy-name-error')).toBeNull();
    fireEvent.click(screen.getByTestId('strategy-submit'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect((await screen.findByTestId('strategy-name-error')).textContent).toBe('please enter a correct name');
    expect(screen.getByTestId('strategy-dod-error').textContent).toBe('DOD latter value must be greater than the former');
    expect(screen.getByTestId('section-1-triggerDischargeLoad-error').textContent).toBe(
      'trigger discharge load cannot be lower than stop discharge load',
    );
    expect(screen.getByTestId('sections-issue-sections.coverage').textContent).toBe('time periods must cover 0-24 hours');
    expect(screen.getByTestId('sections-issue-sections.lastKind').textContent).toBe(
      'must end with smart charge/discharge or peak-shaving discharge',
    );
    // fixing the name clears its message at once
    fireEvent.change(screen.getByTestId('strategy-name'), { target: { value: 'Plant_A' } });
    expect(screen.queryByTestId('strategy-name-error')).toBeNull();
  });

  it('shows the validator messages in zh-CN from strategyMessagesZh', T, async () => {
    await inLanguage('zh-CN', async () => {
      const form = newStrategyForm(1, 'strategy', { bsaId: 1, bsaName: 'BSA-1' });
      renderEditor({ initial: form });
      fireEvent.click(screen.getByTestId('strategy-submit'));
      expect((await screen.findByTestId('strategy-name-error')).textContent).toBe('请输入正确的名称');
      expect(screen.getByTestId('strategy-dod-error').textContent).toBe('请输入DOD范围');
      expect(screen.getByTestId('sections-issue-sections.empty').textContent).toBe('请添加卡片');
      fireEvent.click(screen.getByTestId('add-first-discharge'));
      expect(screen.getByTestId('section-0-time-error').textContent).toBe('时间段设置错误');
      expect(screen.getByTestId('section-0-emptyStrategy-error').textContent).toBe('请选择余电自动放空方式');
    });
  });

  it('sets a demand-control discharge card to PI and opens the PI reference', T, async () => {
    const form = sampleStrategyForm(1);
    form.sections[1] = {
      ...form.sections[1]!,
      dischargeStrategy: DischargeStrategy.BY_DEMAND,
      targetDemand: 700,
      pi: { kp: 0.5, ki: 0.1 },
    };
    renderEditor({ initial: form, mode: 'display' });
    expect(within(overviewCards()[1]!).getByTestId('overview-card-title').textContent).toBe('Target demand');
    // the reference is readable in Display mode too
    fireEvent.click(screen.getByTestId('section-1-pi-reference'));
    const dialog = await screen.findByTestId('pi-reference-dialog');
    await act(async () => undefined);
    expect(within(dialog).getAllByRole('figure')).toHaveLength(4);
  });
});
