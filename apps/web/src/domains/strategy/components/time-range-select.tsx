import { Flex, Select } from 'antd';
import {
  endOptions,
  formatHours,
  startOptions,
  type SectionForm,
  type TimeGranularity,
  type TimeOption,
} from '@energy/contracts/strategy-rules';
import { useTranslation } from 'react-i18next';

interface Props {
  sections: readonly Pick<SectionForm, 'time'>[];
  index: number;
  granularity: TimeGranularity;
  onChange: (time: SectionForm['time']) => void;
  disabled?: boolean;
  status?: 'error';
}

/** Select options from the contracts' time options; a value no longer offered (granularity changed) stays visible. */
function toSelectOptions(options: TimeOption[], value: number | null, testPrefix: string) {
  const list = options.map((o) => ({ value: o.value, label: o.label, disabled: o.disabled, 'data-testid': `${testPrefix}-${o.label}` }));
  if (value !== null && !options.some((o) => o.value === value))
    list.push({ value, label: formatHours(value), disabled: true, 'data-testid': `${testPrefix}-${formatHours(value)}` });
  return list;
}

/**
 * A card's time period: a start and an end select fed by `startOptions` / `endOptions` (spec 002 section
 * 4: end options before the start or past 24 disabled, start options not before the end disabled, times
 * other cards occupy disabled; whole hours, plus :30 at half-hour granularity). Test ids:
 * `section-<i>-start`, `section-<i>-end`, options `section-<i>-start-option-HH:mm` / `...-end-option-HH:mm`.
 */
export function TimeRangeSelect({ sections, index, granularity, onChange, disabled, status }: Props) {
  const { t } = useTranslation();
  const [start, end] = sections[index]?.time ?? [null, null];
  const starts = toSelectOptions(startOptions(sections, index, granularity), start, `section-${index}-start-option`);
  const ends = toSelectOptions(endOptions(sections, index, granularity), end, `section-${index}-end-option`);
  return (
    <Flex gap={8} align="center">
      <Select<number>
        style={{ width: 110 }}
        placeholder={t('strategy.fields.start')}
        aria-label={t('strategy.fields.start')}
        value={start ?? undefined}
        options={starts}
        onChange={(v) => onChange([v, end])}
        disabled={disabled}
        status={status}
        virtual={false}
        listHeight={240}
        data-testid={`section-${index}-start`}
      />
      <span>-</span>
      <Select<number>
        style={{ width: 110 }}
        placeholder={t('strategy.fields.end')}
        aria-label={t('strategy.fields.end')}
        value={end ?? undefined}
        options={ends}
        onChange={(v) => onChange([start, v])}
        disabled={disabled}
        status={status}
        virtual={false}
        listHeight={240}
        data-testid={`section-${index}-end`}
      />
    </Flex>
  );
}
