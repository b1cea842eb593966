import { useState, type ReactNode } from 'react';
import { Badge, Button, Col, Flex, Form, Row } from 'antd';
import type { FormInstance } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { buttonSpan, DEFAULT_SPAN, hasValue, keptWhenCollapsed, type FieldSpan } from './collapse';
import './texts';

export { COLLAPSED_COUNT, type FieldSpan } from './collapse';

/** One condition of a filter form; `node` is the single control (Input, Select...) that edits it. */
export interface FilterField {
  name: string;
  label: ReactNode;
  /** Columns of the 24-column grid (default 6). */
  span?: FieldSpan;
  node: ReactNode;
}

export interface FilterFormProps<V> {
  form?: FormInstance<V>;
  initialValues?: Partial<V>;
  fields: FilterField[];
  /** Called with every field's value (collapsed fields included) on Query, Reset and Clear conditions. */
  onQuery: (values: V) => void;
  defaultExpanded?: boolean;
}

/**
 * A list page's filter form (spec 000 §2, §5): fields on a 24-column grid, collapsed to the first row
 * by the span-to-count map, with Query, Reset (to the initial values), Clear conditions (everything
 * empty) and Expand / Collapse. Collapsed fields keep their values and still filter; the toggle counts
 * those that hold one.
 */
export function FilterForm<V extends object = Record<string, unknown>>({
  form: given,
  initialValues,
  fields,
  onQuery,
  defaultExpanded = false,
}: FilterFormProps<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>(given);
  const [expanded, setExpanded] = useState(defaultExpanded);
  const spans = fields.map((f) => f.span);
  const kept = keptWhenCollapsed(spans);
  const collapsible = fields.length > kept;
  const showAll = expanded || !collapsible;
  const hiddenNames = showAll ? [] : fields.slice(kept).map((f) => f.name);
  const hiddenSet =
    Form.useWatch((values: Record<string, unknown> | undefined) => hiddenNames.filter((name) => hasValue(values?.[name])).length, form) ??
    0;

  const reset = () => {
    form.resetFields();
    form.submit();
  };
  const clear = () => {
    // Field names are plain strings here, so the untyped instance is the honest one.
    (form as FormInstance).setFields(fields.map((f) => ({ name: f.name, value: undefined, errors: [] })));
    form.submit();
  };

  return (
    <Form<V>
      form={form}
      initialValues={initialValues as Record<string, unknown> | undefined}
      onFinish={onQuery}
      style={{ marginBottom: 8 }}
      data-testid="filter-form"
    >
      <Row gutter={16}>
        {fields.map((field, index) => (
          <Col
            key={field.name}
            span={field.span ?? DEFAULT_SPAN}
            style={showAll || index < kept ? undefined : { display: 'none' }}
            data-testid={`filter-field-${field.name}`}
          >
            <Form.Item name={field.name} label={field.label} style={{ marginBottom: 16 }}>
              {field.node}
            </Form.Item>
          </Col>
        ))}
        <Col span={buttonSpan(showAll ? spans : spans.slice(0, kept))}>
          <Flex justify="flex-end" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
            <Button type="primary" htmlType="submit" data-testid="filter-query">
              {t('filterForm.query')}
            </Button>
            <Button onClick={reset} data-testid="filter-reset">
              {t('filterForm.reset')}
            </Button>
            <Button onClick={clear} data-testid="filter-clear">
              {t('filterForm.clear')}
            </Button>
            {collapsible && (
              <Button
                type="link"
                onClick={() => setExpanded((e) => !e)}
                aria-expanded={showAll}
                title={hiddenSet > 0 ? t('filterForm.hiddenSet', { count: hiddenSet }) : undefined}
                data-testid="filter-toggle"
              >
                {showAll ? t('filterForm.collapse') : t('filterForm.expand')}
                {hiddenSet > 0 && <Badge count={hiddenSet} size="small" data-testid="filter-hidden-count" />}
                {showAll ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Flex>
        </Col>
      </Row>
    </Form>
  );
}
