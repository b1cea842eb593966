import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import '../texts';

/** A filter of one of a few values ('All' when empty): the form item gives it value and onChange. */
export function ChoiceFilter<V extends string | boolean>({
  values,
  label,
  ...props
}: { values: readonly V[]; label: (v: V) => string } & Omit<SelectProps, 'options'>) {
  const { t } = useTranslation();
  // antd takes boolean values too, though its option type names only strings and numbers
  const options = values.map((v) => ({ value: v, label: label(v) })) as SelectProps['options'];
  return <Select allowClear placeholder={t('lineLoss.all')} options={options} {...props} />;
}
