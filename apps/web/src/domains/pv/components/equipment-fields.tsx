import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { pv } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { requiredRule } from '../../../shared/form/zod-rule';
import { pvKeys } from '../queries';
import '../texts';

/** The areas of a station as choices (none until a station is chosen). */
export function AreaSelect({ pvId, ...props }: { pvId?: number; value?: number | null; onChange?: (v: number | null) => void }) {
  const { t } = useTranslation();
  const areas = useQuery({
    queryKey: pvKeys.of(pv.pvAreaList, { pvId: pvId ?? 0 }),
    queryFn: () => api(pv.pvAreaList, { pvId: pvId! }),
    enabled: !!pvId,
  });
  return (
    <Select allowClear placeholder={t('pv.none')} options={(areas.data ?? []).map((a) => ({ value: a.id, label: a.name }))} {...props} />
  );
}

/** The inverters of a station as choices. */
export function InverterSelect({ pvId, ...props }: { pvId?: number; value?: number; onChange?: (v: number) => void }) {
  const inverters = useQuery({
    queryKey: pvKeys.of(pv.pvInverterList, { pvId: pvId ?? 0 }),
    queryFn: () => api(pv.pvInverterList, { pvId: pvId! }),
    enabled: !!pvId,
  });
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      options={(inverters.data ?? []).map((i) => ({ value: i.id, label: `${i.code} · ${i.name}` }))}
      {...props}
    />
  );
}

/** A row of labelled fields: [name, label, control, required]. */
export function FieldGrid({ items }: { items: [string, string, React.ReactNode, boolean?][] }) {
  return (
    <Row gutter={16}>
      {items.map(([name, label, node, required]) => (
        <Col span={12} key={name}>
          <Form.Item name={name} label={label} rules={required ? [requiredRule(label)] : []}>
            {node}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

export const textInput = (max: number) => <Input maxLength={max} autoComplete="off" />;
export const numberInput = (min: number, max: number, precision?: number) => (
  <InputNumber min={min} max={max} precision={precision} style={{ width: '100%' }} />
);
