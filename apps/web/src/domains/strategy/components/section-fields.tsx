import type { ReactNode } from 'react';
import { Button, Col, Empty, Flex, InputNumber, Radio, Row, Select, Switch, Table, TimePicker, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import {
  ChargingMeterType,
  displayPower,
  SectionType,
  strategyVersion,
  timeToHours,
  visibleFields,
  type MeterEntry,
  type SectionField,
  type SectionForm,
  type StrategyForm,
  type StrategyIssue,
} from '@energy/contracts/strategy-rules';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FieldItem } from './field-item';
import { TimeRangeSelect } from './time-range-select';

export interface SectionFieldsProps {
  form: StrategyForm;
  index: number;
  issues: readonly StrategyIssue[];
  readOnly: boolean;
  onChange: (patch: Partial<SectionForm>) => void;
  onPiReference: () => void;
}

type NumberField = {
  [K in keyof SectionForm]: SectionForm[K] extends number | null ? (K extends 'type' ? never : K) : never;
}[keyof SectionForm];

/** Fields holding powers in kW: CB shows their MW value under the input when over 1000 kW. */
const POWER_FIELDS = new Set<SectionField>([
  'pcsPower',
  'stopChargeLoad',
  'recoverChargeLoad',
  'triggerDischargeLoad',
  'stopDischargeLoad',
  'recoverDischargeLoad',
  'targetDemand',
  'dischargeInterruptionPowerThreshold',
  'pcsMaxDischargePower',
  'intelligentConsumptionStartMight',
  'intelligentConsumptionStopMight',
  'intelligentConsumptionTotalTargetLoad',
  'dischargeTargetLoad',
  'pcsMaxChargePower',
  'upstreamTransformerCapacity',
]);

/** An 'HH:mm(:ss)' text as a picker value. */
const toDayjs = (time: string | null): Dayjs | null => {
  const h = time ? timeToHours(time) : null;
  if (h === null) return null;
  const minutes = Math.round(h * 60);
  return dayjs()
    .startOf('day')
    .hour(Math.floor(minutes / 60))
    .minute(minutes % 60);
};

/**
 * The inputs of one card, in `visibleFields` order (spec 002 section 4): which ones show follows the
 * discharge trigger, the charge load protection, the smart trigger and load action, and the meter type.
 * Each input has `data-testid="section-<i>-<field>"`; select options `section-<i>-<field>-option-<code>`.
 */
export function SectionFields({ form, index, issues, readOnly, onChange, onPiReference }: SectionFieldsProps) {
  const { t } = useTranslation();
  const section = form.sections[index]!;
  const info = strategyVersion(form.version);
  const fields = visibleFields(section, form.version);
  const at = (...rest: (string | number)[]) => ['sections', index, ...rest];
  const tid = (field: string) => `section-${index}-${field}`;
  const isDischarge = section.type === SectionType.DISCHARGE;

  const mw = (field: SectionField, value: number | null) =>
    info?.megawattDisplay && POWER_FIELDS.has(field) && value !== null && value > 1000 ? (
      <span data-testid={`${tid(field)}-mw`}>{t('strategy.megawatt', { value: displayPower(value, form.version) })}</span>
    ) : undefined;

  const number = (field: NumberField & SectionField, label: string, step = 1) => (
    <FieldItem key={field} label={label} issues={issues} path={at(field)} testId={tid(field)} extra={mw(field, section[field])}>
      <InputNumber<number>
        style={{ width: '100%' }}
        value={section[field]}
        step={step}
        onChange={(v) => onChange({ [field]: typeof v === 'number' ? v : null } as Partial<SectionForm>)}
        data-testid={tid(field)}
      />
    </FieldItem>
  );

  /** A select over the version's codes; a stored code the version does not offer stays visible, disabled. */
  const select = <K extends keyof SectionForm>(field: K & SectionField, label: string, codes: readonly number[], textKey: string) => {
    const value = section[field] as number | null;
    const all = value !== null && !codes.includes(value) ? [...codes, value] : codes;
    return (
      <FieldItem key={field} label={label} issues={issues} path={at(field)} testId={tid(field)}>
        <Select<number>
          value={value ?? undefined}
          placeholder={label}
          onChange={(v) => onChange({ [field]: v } as Partial<SectionForm>)}
          options={all.map((code) => ({
            value: code,
            label: t(`strategy.options.${textKey}.${code}`),
            disabled: !codes.includes(code),
            'data-testid': `${tid(field)}-option-${code}`,
          }))}
          virtual={false}
          data-testid={tid(field)}
        />
      </FieldItem>
    );
  };

  const emptyTimePicker = () => {
    const [start, end] = section.time;
    const disabledTime = () => ({
      disabledHours: () =>
        start === null || end === null
          ? []
          : Array.from({ length: 24 }, (_, h) => h).filter((h) => h < Math.floor(start) || h > Math.min(23, end)),
      disabledMinutes: (h: number) => {
        if (start === null || end === null) return [];
        return Array.from({ length: 60 }, (_, m) => m).filter((m) => h + m / 60 < start || h + m / 60 > end);
      },
    });
    return (
      <FieldItem key="emptyTime" label={t('strategy.fields.emptyTime')} issues={issues} path={at('emptyTime')} testId={tid('emptyTime')}>
        <TimePicker
          format="HH:mm"
          style={{ width: '100%' }}
          value={toDayjs(section.emptyTime)}
          disabledTime={disabledTime}
          needConfirm={false}
          onChange={(v) => onChange({ emptyTime: v ? v.format('HH:mm') : null })}
          data-testid={tid('emptyTime')}
        />
      </FieldItem>
    );
  };

  const meters = () => <MetersField key="meters" form={form} index={index} issues={issues} readOnly={readOnly} onChange={onChange} />;

  const render = (field: SectionField): ReactNode => {
    switch (field) {
      case 'time':
        return null; // in the card header row
      case 'pcsPower':
        return number('pcsPower', t(isDischarge ? 'strategy.fields.pcsPowerDischarge' : 'strategy.fields.pcsPowerCharge'));
      case 'chargingLoadProtect':
        return (
          <FieldItem key={field} label={t('strategy.fields.chargingLoadProtect')} issues={issues} path={at(field)} testId={tid(field)}>
            <Switch
              checked={section.chargingLoadProtect === true}
              checkedChildren={t('strategy.fields.on')}
              unCheckedChildren={t('strategy.fields.off')}
              onChange={(v) => onChange({ chargingLoadProtect: v })}
              data-testid={tid(field)}
            />
          </FieldItem>
        );
      case 'stopChargeLoad':
      case 'recoverChargeLoad':
      case 'triggerDischargeLoad':
      case 'stopDischargeLoad':
      case 'recoverDischargeLoad':
      case 'dischargeInterruptionPowerThreshold':
      case 'intelligentConsumptionStartMight':
      case 'intelligentConsumptionStopMight':
      case 'dischargeTargetLoad':
      case 'pcsMaxChargePower':
      case 'upstreamTransformerCapacity':
        return number(field, t(`strategy.fields.${field}`), section.type === SectionType.CONSUMPTION ? 0.1 : 1);
      case 'intelligentConsumptionTotalTargetLoad':
        return number(field, t(`strategy.fields.${field}`), 0.1);
      case 'targetDemand':
        return number(
          'targetDemand',
          t(isDischarge ? 'strategy.fields.targetDemandDischarge' : 'strategy.fields.targetDemandSmart'),
          isDischarge ? 1 : 0.1,
        );
      case 'targetLoadRate':
        return number('targetLoadRate', t('strategy.fields.targetLoadRate'), 0.1);
      case 'pcsMaxDischargePower':
        return number(
          'pcsMaxDischargePower',
          t(isDischarge ? 'strategy.fields.pcsMaxTotalDischargePower' : 'strategy.fields.pcsMaxDischargePower'),
          isDischarge ? 1 : 0.1,
        );
      case 'dischargeStrategy':
        return select('dischargeStrategy', t('strategy.fields.dischargeStrategy'), info?.dischargeStrategies ?? [], 'dischargeStrategy');
      case 'emptyStrategy':
        return select('emptyStrategy', t('strategy.fields.emptyStrategy'), info?.emptyStrategies ?? [], 'emptyStrategy');
      case 'intelligentConsumptionControlType':
        return select(
          'intelligentConsumptionControlType',
          t('strategy.fields.intelligentConsumptionControlType'),
          info?.smartTriggers ?? [],
          'smartTrigger',
        );
      case 'intelligentLoadControlType':
        return select('intelligentLoadControlType', t('strategy.fields.intelligentLoadControlType'), info?.loadActions ?? [], 'loadAction');
      case 'emptyTime':
        return emptyTimePicker();
      case 'pi':
        return (
          <FieldItem
            key="pi"
            label={
              <Flex gap={4} align="center">
                {t('strategy.fields.pi')}
                <Button
                  type="link"
                  size="small"
                  icon={<QuestionCircleOutlined />}
                  onClick={onPiReference}
                  disabled={false}
                  data-testid={tid('pi-reference')}
                >
                  {t('strategy.fields.piReference')}
                </Button>
              </Flex>
            }
            issues={issues}
            path={at('pi')}
            nested
            testId={tid('pi')}
          >
            <Flex gap={8}>
              <InputNumber<number>
                prefix="P"
                style={{ width: '50%' }}
                step={0.1}
                value={section.pi.kp}
                onChange={(v) => onChange({ pi: { ...section.pi, kp: typeof v === 'number' ? v : null } })}
                data-testid={tid('kp')}
              />
              <InputNumber<number>
                prefix="I"
                style={{ width: '50%' }}
                step={0.1}
                value={section.pi.ki}
                onChange={(v) => onChange({ pi: { ...section.pi, ki: typeof v === 'number' ? v : null } })}
                data-testid={tid('ki')}
              />
            </Flex>
          </FieldItem>
        );
      case 'chargingMeterType':
        return (
          <FieldItem key={field} label={t('strategy.fields.chargingMeterType')} issues={issues} path={at(field)} testId={tid(field)}>
            <Radio.Group
              value={section.chargingMeterType ?? undefined}
              onChange={(e) => onChange({ chargingMeterType: e.target.value as ChargingMeterType })}
              data-testid={tid(field)}
              options={[ChargingMeterType.TOTAL, ChargingMeterType.UPPER].map((code) => ({
                value: code,
                label: <span data-testid={`${tid(field)}-option-${code}`}>{t(`strategy.options.meterType.${code}`)}</span>,
              }))}
            />
          </FieldItem>
        );
      case 'meters':
        return meters();
    }
  };

  const inputs = fields.filter((f) => f !== 'time' && f !== 'meters');
  return (
    <>
      <Row gutter={16}>
        {inputs.map((f) => (
          <Col key={f} xs={24} md={12} xl={8}>
            {render(f)}
          </Col>
        ))}
      </Row>
      {fields.includes('meters') && meters()}
    </>
  );
}

/** The card's time period, shown at the top of its body. */
export function SectionTime({ form, index, issues, readOnly, onChange }: Omit<SectionFieldsProps, 'onPiReference'>) {
  const { t } = useTranslation();
  return (
    <FieldItem label={t('strategy.fields.time')} issues={issues} path={['sections', index, 'time']} testId={`section-${index}-time`}>
      <TimeRangeSelect
        sections={form.sections}
        index={index}
        granularity={form.timeGranularity}
        onChange={(time) => onChange({ time })}
        disabled={readOnly}
        status={issues.some((x) => x.path[0] === 'sections' && x.path[1] === index && x.path[2] === 'time') ? 'error' : undefined}
      />
    </FieldItem>
  );
}

/** CF, meter type UPPER: the card's upper transformer meters, each with its charge threshold and maximum total charge power. */
function MetersField({ form, index, issues, readOnly, onChange }: Omit<SectionFieldsProps, 'onPiReference'>) {
  const { t } = useTranslation();
  const section = form.sections[index]!;
  const at = (...rest: (string | number)[]) => ['sections', index, 'meters', ...rest];
  const setMeter = (j: number, patch: Partial<MeterEntry>) =>
    onChange({ meters: section.meters.map((m, k) => (k === j ? { ...m, ...patch } : m)) });
  const cell = (j: number, key: 'chargeThreshold' | 'pcsMaxChargePower') => (
    <FieldItem issues={issues} path={at(j, key)} testId={`section-${index}-meter-${j}-${key}`} style={{ marginBottom: 0 }}>
      <InputNumber<number>
        style={{ width: '100%' }}
        value={section.meters[j]![key]}
        onChange={(v) => setMeter(j, { [key]: typeof v === 'number' ? v : null })}
        data-testid={`section-${index}-meter-${j}-${key}`}
      />
    </FieldItem>
  );
  return (
    <FieldItem label={t('strategy.fields.meters')} issues={issues} path={at()} testId={`section-${index}-meters`}>
      {section.meters.length === 0 ? (
        <Flex vertical align="flex-start" gap={8}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={form.meters.length ? undefined : t('strategy.fields.noStationMeters')} />
          {form.meters.length > 0 && !readOnly && (
            <Button
              onClick={() => onChange({ meters: form.meters.map((m) => ({ ...m })) })}
              data-testid={`section-${index}-use-station-meters`}
            >
              {t('strategy.fields.useStationMeters')}
            </Button>
          )}
        </Flex>
      ) : (
        <Table<MeterEntry>
          size="small"
          pagination={false}
          rowKey="deviceId"
          dataSource={section.meters}
          data-testid={`section-${index}-meters`}
          columns={[
            {
              key: 'name',
              title: t('strategy.fields.meter'),
              dataIndex: 'deviceName',
              render: (v: string) => <Typography.Text>{v}</Typography.Text>,
            },
            { key: 'threshold', title: t('strategy.fields.chargeThreshold'), width: 220, render: (_, __, j) => cell(j, 'chargeThreshold') },
            { key: 'max', title: t('strategy.fields.meterMaxChargePower'), width: 220, render: (_, __, j) => cell(j, 'pcsMaxChargePower') },
          ]}
        />
      )}
    </FieldItem>
  );
}
