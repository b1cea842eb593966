import { App as AntApp, Col, Form, Input, InputNumber, Row, Select, TreeSelect } from 'antd';
import { ou as schemas } from '@energy/contracts';
import { ou } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { useCustomerOptions } from '../../../shared/pickers/customer-picker';
import { DOMAIN_KEYS } from '../../../shared/query-keys';
import { missesItsPair, toFormValues, toOuFields, type OuFormValues } from '../ou-form';
import { ouKeys, useOuTypes, type OuRow } from '../queries';
import { DistrictCascader } from './district-cascader';
import '../texts';

const fields = schemas.ouCreate.body!.shape;

/**
 * Creates an operating unit or edits one (width 640): code (create only), name, type, organisation,
 * district, address and coordinates. The server's refusals (a taken code) come back as the shell's error
 * modal and the dialog stays open.
 */
export function OuFormDialog({ editing, onClose }: { editing?: OuRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<OuFormValues>();
  const types = useOuTypes();
  const orgs = useCustomerOptions();
  const label = (key: string) => t(`ou.${key}`);

  const submit = async () => {
    const v = await form.validateFields();
    const body = toOuFields(v);
    if (editing) await api(ou.ouUpdate, { id: editing.id, ...body });
    else await api(ou.ouCreate, { code: v.code!.trim(), ...body });
    void message.success(t('ou.saved', { name: body.name }));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ouKeys.all }),
      // the organisation tree counts OUs; device rows show their OU and its organisation
      queryClient.invalidateQueries({ queryKey: DOMAIN_KEYS.organization.all }),
      queryClient.invalidateQueries({ queryKey: DOMAIN_KEYS.devices.all }),
    ]);
    onClose();
  };

  const pairedWith =
    (other: 'lng' | 'lat') =>
    ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
      validator: async (_: unknown, value: unknown) => {
        if (missesItsPair(value, getFieldValue(other))) throw new Error(t('ou.form.locationPair'));
      },
    });

  return (
    <FormDialog
      width={MODAL_WIDTH.normal}
      title={editing ? t('ou.form.editTitle', { code: editing.code }) : t('ou.form.createTitle')}
      onCancel={onClose}
      onSave={submit}
      saveTestId="ou-form-submit"
    >
      <Form<OuFormValues> form={form} layout="vertical" initialValues={toFormValues(editing)} data-testid="ou-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="code"
              label={label('code')}
              extra={editing ? undefined : t('ou.form.codeHint')}
              rules={editing ? [] : [{ ...requiredRule(label('code')), whitespace: true }, zodRule(fields.code, label('code'))]}
            >
              <Input maxLength={64} autoComplete="off" disabled={!!editing} data-testid="ou-form-code" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="name"
              label={label('name')}
              rules={[{ ...requiredRule(label('name')), whitespace: true }, zodRule(fields.name, label('name'))]}
            >
              <Input maxLength={64} autoComplete="off" data-testid="ou-form-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="typeId" label={label('type')} rules={[requiredRule(label('type'))]}>
              <Select
                loading={types.isPending}
                options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
                data-testid="ou-form-type"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="customerMcid"
              label={label('customer')}
              rules={[requiredRule(label('customer'))]}
              extra={editing ? t('ou.form.customerHint') : undefined}
            >
              <TreeSelect
                treeData={orgs.data ?? []}
                loading={orgs.isPending}
                treeDefaultExpandAll
                showSearch={{ treeNodeFilterProp: 'title' }}
                data-testid="ou-form-customer"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="districtAdcode" label={label('district')}>
              <DistrictCascader />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="address" label={label('address')} rules={[zodRule(fields.address, label('address'))]}>
              <Input maxLength={256} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="lng" label={t('ou.form.longitude')} dependencies={['lat']} rules={[pairedWith('lat')]}>
              <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="lat" label={t('ou.form.latitude')} dependencies={['lng']} rules={[pairedWith('lng')]}>
              <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDialog>
  );
}
