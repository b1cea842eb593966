import { fireEvent, screen } from '@testing-library/react';
import {
  ConsumptionControlType,
  DischargeStrategy,
  newSection,
  newStrategyForm,
  sampleStrategyForm,
  SectionType,
  TimeGranularity,
  type MeterEntry,
  type StrategyForm,
} from '@energy/contracts/strategy-rules';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { choose, isDisabledOption, openSelect, renderEditor } from './test-utils';

const T = { timeout: 60_000 };
const shown = (i: number, field: string) => screen.queryByTestId(`section-${i}-${field}-item`) !== null;
const option = (id: string) => screen.getByTestId(id);

/** A form with one new card of `type` (the version's defaults). */
function oneCard(version: number, type: SectionType, meters: MeterEntry[] = []): StrategyForm {
  const form = newStrategyForm(version, 'strategy', { bsaId: 1, bsaName: 'BSA-1', meters });
  return { ...form, sections: [newSection(version, type, [], meters)] };
}

describe('time pickers', () => {
  it('disable occupied times, starts not before the end and ends not after the start', T, () => {
    // cards 00-08, 08-12, 12-14, 14-24
    renderEditor({ initial: sampleStrategyForm(1) });
    openSelect('section-1-start');
    expect(isDisabledOption(option('section-1-start-option-07:00'))).toBe(true); // the 00-08 card's
    expect(isDisabledOption(option('section-1-start-option-08:00'))).toBe(false);
    expect(isDisabledOption(option('section-1-start-option-11:00'))).toBe(false);
    expect(isDisabledOption(option('section-1-start-option-12:00'))).toBe(true); // not before the end
    expect(screen.queryByTestId('section-1-start-option-08:30')).toBeNull(); // whole hours only
    openSelect('section-1-end');
    expect(isDisabledOption(option('section-1-end-option-08:00'))).toBe(true); // not after the start
    expect(isDisabledOption(option('section-1-end-option-10:00'))).toBe(false);
    expect(isDisabledOption(option('section-1-end-option-13:00'))).toBe(true); // the 12-14 card's
    expect(screen.queryByTestId('section-1-end-option-25:00')).toBeNull();
  });

  it('half-hour granularity adds the :30 choices', T, () => {
    const form = { ...sampleStrategyForm(1), timeGranularity: TimeGranularity.HALF_HOUR };
    renderEditor({ initial: form });
    openSelect('section-1-end');
    expect(isDisabledOption(option('section-1-end-option-08:30'))).toBe(false);
    expect(isDisabledOption(option('section-1-end-option-11:30'))).toBe(false);
    expect(isDisabledOption(option('section-1-end-option-12:30'))).toBe(true);
    // choosing 11:30 moves the card's end; the overview follows
    fireEvent.click(option('section-1-end-option-11:30'));
    expect(screen.getByTestId('section-1-period').textContent).toBe('08:00-11:30');
    expect(screen.getByTestId('overview-bar-23').getAttribute('data-kind')).toBe('none');
  });

  it('switching the granularity to half hour in the form offers :30', T, () => {
    renderEditor({ initial: sampleStrategyForm(1) });
    fireEvent.click(screen.getByTestId('strategy-granularity-2'));
    openSelect('section-1-start');
    expect(isDisabledOption(option('section-1-start-option-08:30'))).toBe(false);
  });

  it('a new card starts at the previous card end', T, () => {
    renderEditor({ initial: sampleStrategyForm(1) });
    fireEvent.click(screen.getByTestId('section-2-add-charge'));
    expect(screen.getByTestId('section-3-period').textContent).toBe('14:00---:--');
  });
});

describe('field visibility', () => {
  it('follows the discharge trigger condition', T, () => {
    renderEditor({ initial: oneCard(1, SectionType.DISCHARGE) });
    // default: reach threshold
    expect(shown(0, 'triggerDischargeLoad') && shown(0, 'stopDischargeLoad') && shown(0, 'emptyStrategy')).toBe(true);
    expect(shown(0, 'recoverDischargeLoad') || shown(0, 'pi')).toBe(false);
    // CA offers no power-following
    openSelect('section-0-dischargeStrategy');
    expect(screen.queryByTestId('section-0-dischargeStrategy-option-5')).toBeNull();

    choose('section-0-dischargeStrategy', `section-0-dischargeStrategy-option-${DischargeStrategy.IMMEDIATELY}`);
    expect(shown(0, 'stopDischargeLoad') && shown(0, 'recoverDischargeLoad') && shown(0, 'pcsPower')).toBe(true);
    expect(shown(0, 'triggerDischargeLoad') || shown(0, 'emptyStrategy')).toBe(false);

    choose('section-0-dischargeStrategy', `section-0-dischargeStrategy-option-${DischargeStrategy.BY_DEMAND}`);
    expect(shown(0, 'targetDemand') && shown(0, 'pi') && shown(0, 'emptyStrategy')).toBe(true);
    expect(shown(0, 'targetLoadRate')).toBe(false);

    choose('section-0-dischargeStrategy', `section-0-dischargeStrategy-option-${DischargeStrategy.BY_LOAD_RATE}`);
    expect(shown(0, 'targetLoadRate') && shown(0, 'pi')).toBe(true);
    expect(shown(0, 'targetDemand')).toBe(false);

    // timed emptying asks for the time
    expect(shown(0, 'emptyTime')).toBe(false);
    choose('section-0-emptyStrategy', 'section-0-emptyStrategy-option-1');
    expect(shown(0, 'emptyTime')).toBe(true);
  });

  it('CF offers power-following: stop threshold and maximum total discharge power, no power, no emptying', T, () => {
    renderEditor({ initial: oneCard(6, SectionType.DISCHARGE) });
    choose('section-0-dischargeStrategy', `section-0-dischargeStrategy-option-${DischargeStrategy.POWER_FALLOW_MODE}`);
    expect(shown(0, 'dischargeInterruptionPowerThreshold') && shown(0, 'pcsMaxDischargePower')).toBe(true);
    expect(shown(0, 'pcsPower') || shown(0, 'emptyStrategy')).toBe(false);
  });

  it('charge load protection on shows stop and recover charge load', T, () => {
    renderEditor({ initial: oneCard(1, SectionType.CHARGE) });
    expect(shown(0, 'pcsPower') && shown(0, 'chargingLoadProtect')).toBe(true);
    expect(shown(0, 'stopChargeLoad')).toBe(false);
    fireEvent.click(screen.getByTestId('section-0-chargingLoadProtect'));
    expect(shown(0, 'stopChargeLoad') && shown(0, 'recoverChargeLoad')).toBe(true);
    fireEvent.click(screen.getByTestId('section-0-chargingLoadProtect'));
    expect(shown(0, 'stopChargeLoad')).toBe(false);
  });

  it('smart card: trigger, load action and (CF) meter type UPPER with the meter list', T, () => {
    const meters = [{ deviceId: 41, deviceName: 'TR-1 incoming meter', chargeThreshold: null, pcsMaxChargePower: null }];
    renderEditor({ initial: oneCard(6, SectionType.CONSUMPTION, meters) });
    // CF: LOAD only, so no consumption start/stop power
    openSelect('section-0-intelligentConsumptionControlType');
    expect(
      screen.queryByTestId(`section-0-intelligentConsumptionControlType-option-${ConsumptionControlType.CONSUMPTION_AND_LOAD}`),
    ).toBeNull();
    expect(shown(0, 'intelligentConsumptionStartMight')).toBe(false);
    expect(shown(0, 'dischargeTargetLoad') && shown(0, 'pcsMaxDischargePower')).toBe(true);
    choose('section-0-intelligentLoadControlType', 'section-0-intelligentLoadControlType-option-1');
    expect(shown(0, 'dischargeTargetLoad')).toBe(false);
    // meter type: TOTAL by default, UPPER shows the capacity threshold and the meters the card carries
    expect(shown(0, 'chargingMeterType')).toBe(true);
    expect(shown(0, 'upstreamTransformerCapacity')).toBe(false);
    fireEvent.click(screen.getByTestId('section-0-chargingMeterType-option-1'));
    expect(shown(0, 'upstreamTransformerCapacity') && shown(0, 'meters')).toBe(true);
    expect(screen.getByTestId('section-0-meter-0-chargeThreshold')).toBeTruthy();
  });

  it('CA smart card: both triggers; consumption and load shows start and stop power; no meter type', T, () => {
    renderEditor({ initial: oneCard(1, SectionType.CONSUMPTION) });
    expect(shown(0, 'intelligentConsumptionStartMight') && shown(0, 'intelligentConsumptionStopMight')).toBe(true);
    expect(shown(0, 'chargingMeterType')).toBe(false);
    choose(
      'section-0-intelligentConsumptionControlType',
      `section-0-intelligentConsumptionControlType-option-${ConsumptionControlType.LOAD}`,
    );
    expect(shown(0, 'intelligentConsumptionStartMight')).toBe(false);
  });

  it('CF offers no charge card; the add buttons offer the other kinds', T, () => {
    renderEditor({ initial: oneCard(6, SectionType.DISCHARGE) });
    expect(screen.queryByTestId('section-0-add-charge')).toBeNull();
    expect(screen.queryByTestId('section-0-add-discharge')).toBeNull();
    expect(screen.getByTestId('section-0-add-smart')).toBeTruthy();
    expect(screen.getByTestId('section-0-add-standby')).toBeTruthy();
  });
});

describe('global settings', () => {
  it('a field strategy picks its dates with past days disabled; cell voltage shows min and max', T, async () => {
    const form = { ...sampleStrategyForm(1, 'fieldStrategy'), executiveTimes: null };
    renderEditor({ initial: form, today: dayjs().format('YYYY-MM-DD') });
    const dates = screen.getByTestId('strategy-dates');
    fireEvent.mouseDown(dates.querySelector('input')!);
    fireEvent.click(dates.querySelector('input')!);
    const yesterday = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
    const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');
    const cell = async (day: string) => (await screen.findAllByTitle(day))[0]!;
    // the first panel shows this month: yesterday may be in the previous month (then shown greyed too)
    expect((await cell(yesterday)).className).toContain('ant-picker-cell-disabled');
    expect((await cell(tomorrow)).className).not.toContain('ant-picker-cell-disabled');
    expect(shown(0, 'time')).toBe(true);
    expect(screen.queryByTestId('strategy-cell-min')).toBeNull();
    fireEvent.click(screen.getByTestId('strategy-protect-2'));
    expect(screen.getByTestId('strategy-cell-min')).toBeTruthy();
    expect(screen.getByTestId('strategy-cell-max')).toBeTruthy();
    expect(screen.queryByTestId('strategy-dod-min')).toBeNull();
  });
});
