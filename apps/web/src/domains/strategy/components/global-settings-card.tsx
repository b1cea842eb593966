import { Card, Col, DatePicker, Descriptions, Flex, Input, InputNumber, Radio, Row, Select, Tag } from 'antd';
import {
  isPastDay,
  ProtectBasis,
  STRATEGY_VERSION_NAMES,
  strategyVersionName,
  TimeGranularity,
  type StrategyForm,
  type StrategyIssue,
  type StrategyKind,
} from '@energy/contracts/strategy-rules';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { EditorMode } from '../editor-state';
import { FieldItem } from './field-item';

interface GlobalSettingsCardProps {
  form: StrategyForm;
  mode: EditorMode;
  issues: readonly StrategyIssue[];
  today: string;
  onChange: (patch: Partial<StrategyForm>) => void;
  /** Templates being created: the version is a choice (a station's strategy follows its station). */
  versionEditable?: boolean;
}

/**
 * The global settings card (spec 002 sections 2 and 3): kind (a new station strategy may be a field
 * strategy), name, station or customer, version (shown), time granularity, control basis with the DOD
 * range or the cell-voltage limits, and a field strategy's date range (past days disabled). Test ids
 * `strategy-<field>`; radio options `strategy-<field>-<code>`.
 */
export function GlobalSettingsCard({ form, mode, issues, today, onChange, versionEditable }: GlobalSettingsCardProps) {
  const { t } = useTranslation();
  const kindEditable = mode === 'create' && form.kind !== 'template';
  const radio = (prefix: string, options: { value: number | string; label: string }[]) =>
    options.map((o) => ({ value: o.value, label: <span data-testid={`${prefix}-${o.value}`}>{o.label}</span> }));

  return (
    <Card size="small" title={t('strategy.global.title')} data-testid="strategy-global" style={{ marginBottom: 16 }}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
        {form.kind !== 'template' && (
          <Descriptions.Item label={t('strategy.global.station')}>
            <span data-testid="strategy-station">{form.bsaName ?? '-'}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('strategy.global.version')}>
          {versionEditable ? (
            <Select<number>
              style={{ width: 120 }}
              size="small"
              value={form.version}
              onChange={(version) => onChange({ version })}
              options={Object.entries(STRATEGY_VERSION_NAMES).map(([v, name]) => ({
                value: Number(v),
                label: name,
                'data-testid': `strategy-version-option-${name}`,
              }))}
              virtual={false}
              data-testid="strategy-version-select"
            />
          ) : (
            <Tag color="blue" data-testid="strategy-version">
              {strategyVersionName(form.version) ?? form.version}
            </Tag>
          )}
        </Descriptions.Item>
        {form.globalVersion && (
          <Descriptions.Item label={t('strategy.global.globalVersion')}>
            <span data-testid="strategy-global-version">{form.globalVersion}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Row gutter={16}>
        {form.kind !== 'template' && (
          <Col xs={24} md={12} xl={8}>
            <FieldItem label={t('strategy.global.kind')} issues={issues} path={['kind']} testId="strategy-kind">
              <Radio.Group
                value={form.kind}
                disabled={!kindEditable}
                onChange={(e) => {
                  const kind = e.target.value as StrategyKind;
                  onChange({ kind, executiveTimes: kind === 'fieldStrategy' ? form.executiveTimes : null });
                }}
                options={radio('strategy-kind', [
                  { value: 'strategy', label: t('strategy.kinds.strategy') },
                  { value: 'fieldStrategy', label: t('strategy.kinds.fieldStrategy') },
                ])}
                data-testid="strategy-kind"
              />
            </FieldItem>
          </Col>
        )}
        <Col xs={24} md={12} xl={8}>
          <FieldItem label={t('strategy.global.name')} issues={issues} path={['name']} testId="strategy-name">
            <Input
              value={form.name}
              maxLength={60}
              placeholder={t('strategy.global.namePlaceholder')}
              onChange={(e) => onChange({ name: e.target.value })}
              autoComplete="off"
              data-testid="strategy-name"
            />
          </FieldItem>
        </Col>
        {form.kind === 'fieldStrategy' && (
          <Col xs={24} md={12} xl={8}>
            <FieldItem label={t('strategy.global.dates')} issues={issues} path={['executiveTimes']} testId="strategy-dates">
              <div data-testid="strategy-dates">
                <DatePicker.RangePicker
                  style={{ width: '100%' }}
                  value={form.executiveTimes ? [dayjs(form.executiveTimes[0]), dayjs(form.executiveTimes[1])] : null}
                  disabledDate={(d) => isPastDay(d.format('YYYY-MM-DD'), today)}
                  onChange={(range) =>
                    onChange({
                      executiveTimes: range?.[0] && range[1] ? [range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')] : null,
                    })
                  }
                />
              </div>
            </FieldItem>
          </Col>
        )}
        <Col xs={24} md={12} xl={8}>
          <FieldItem label={t('strategy.global.granularity')} issues={issues} path={['timeGranularity']} testId="strategy-granularity">
            <Radio.Group
              value={form.timeGranularity}
              onChange={(e) => onChange({ timeGranularity: e.target.value as TimeGranularity })}
              options={radio('strategy-granularity', [
                { value: TimeGranularity.HOUR, label: t('strategy.global.hour') },
                { value: TimeGranularity.HALF_HOUR, label: t('strategy.global.halfHour') },
              ])}
              data-testid="strategy-granularity"
            />
          </FieldItem>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <FieldItem label={t('strategy.global.protect')} issues={issues} path={['protectBasis']} testId="strategy-protect">
            <Radio.Group
              value={form.protectBasis}
              onChange={(e) => onChange({ protectBasis: e.target.value as ProtectBasis })}
              options={radio('strategy-protect', [
                { value: ProtectBasis.DOD, label: t('strategy.global.dod') },
                { value: ProtectBasis.CELL_VOLTAGE, label: t('strategy.global.cellVoltage') },
                { value: ProtectBasis.BMS, label: t('strategy.global.bms') },
              ])}
              data-testid="strategy-protect"
            />
          </FieldItem>
        </Col>
        {form.protectBasis === ProtectBasis.DOD && (
          <Col xs={24} md={12} xl={8}>
            <FieldItem label={t('strategy.global.dodRange')} issues={issues} path={['dod']} nested testId="strategy-dod">
              <Flex gap={8} align="center">
                <InputNumber<number>
                  min={0}
                  max={100}
                  style={{ width: '50%' }}
                  aria-label={t('strategy.global.dodMin')}
                  value={form.dod[0]}
                  onChange={(v) => onChange({ dod: [typeof v === 'number' ? v : null, form.dod[1]] })}
                  data-testid="strategy-dod-min"
                />
                <span>-</span>
                <InputNumber<number>
                  min={0}
                  max={100}
                  style={{ width: '50%' }}
                  aria-label={t('strategy.global.dodMax')}
                  value={form.dod[1]}
                  onChange={(v) => onChange({ dod: [form.dod[0], typeof v === 'number' ? v : null] })}
                  data-testid="strategy-dod-max"
                />
              </Flex>
            </FieldItem>
          </Col>
        )}
        {form.protectBasis === ProtectBasis.CELL_VOLTAGE && (
          <>
            <Col xs={24} md={12} xl={8}>
              <FieldItem label={t('strategy.global.cellMin')} issues={issues} path={['cellVoltage', 'min']} testId="strategy-cell-min">
                <InputNumber<number>
                  step={0.01}
                  style={{ width: '100%' }}
                  value={form.cellVoltage.min}
                  onChange={(v) => onChange({ cellVoltage: { ...form.cellVoltage, min: typeof v === 'number' ? v : null } })}
                  data-testid="strategy-cell-min"
                />
              </FieldItem>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <FieldItem label={t('strategy.global.cellMax')} issues={issues} path={['cellVoltage', 'max']} testId="strategy-cell-max">
                <InputNumber<number>
                  step={0.01}
                  style={{ width: '100%' }}
                  value={form.cellVoltage.max}
                  onChange={(v) => onChange({ cellVoltage: { ...form.cellVoltage, max: typeof v === 'number' ? v : null } })}
                  data-testid="strategy-cell-max"
                />
              </FieldItem>
            </Col>
          </>
        )}
      </Row>
    </Card>
  );
}
