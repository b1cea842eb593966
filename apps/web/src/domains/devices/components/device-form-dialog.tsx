import { useMemo, useState } from 'react';
import { App as AntApp, Col, Form, Input, InputNumber, Row, Select, TreeSelect, Typography } from 'antd';
import { device as deviceSchemas } from '@energy/contracts';
import { device } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { useUnsavedGuard } from '../../../shared/form/unsaved-guard';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { useOuList } from '../../../shared/pickers/ou-picker';
import { typeTreeData } from '../../../shared/pickers/device-type-picker';
import { deviceKeys, useDeviceTypeTree, useGateways, type DeviceRow } from '../queries';
import '../texts';

interface Values {
  code: string;
  name: string;
  deviceTypeId?: number;
  ouId?: number;
  gatewayId?: number | null;
  longitude?: number | null;
  latitude?: number | null;
  address?: string;
  ratedPowerKw?: number | null;
}

const fields = deviceSchemas.deviceCreate.body!.shape;

const toValues = (d: DeviceRow | undefined): Partial<Values> =>
  d
    ? {
        code: d.code,
        name: d.name,
        deviceTypeId: d.deviceTypeId,
        ouId: d.ouId,
        gatewayId: d.gatewayId,
        longitude: d.location?.longitude ?? null,
        latitude: d.location?.latitude ?? null,
        address: d.location?.address ?? undefined,
        ratedPowerKw: d.ratedPowerKw,
      }
    : { gatewayId: null };

/** What the create and update calls take from the form. */
function toBody(v: Values) {
  const hasLocation = v.longitude != null && v.latitude != null;
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    deviceTypeId: v.deviceTypeId!,
    ouId: v.ouId!,
    gatewayId: v.gatewayId ?? null,
    location: hasLocation ? { longitude: v.longitude!, latitude: v.latitude!, address: v.address?.trim() || undefined } : null,
    ratedPowerKw: v.ratedPowerKw ?? null,
  };
}

/**
 * Creates a device or edits one (width 640): code (unique in the tenant), name, type from the tree,
 * OU (its customer follows), gateway, location and rated power. The server's refusals (a taken code,
 * a type change after telemetry) come back as the shell's error modal; the dialog stays open.
 */
export function DeviceFormDialog({ open, editing, onClose }: { open: boolean; editing?: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const tree = useDeviceTypeTree();
  const ous = useOuList();
  const gateways = useGateways(open);
  const ouId = Form.useWatch('ouId', form);
  const customer = ous.data?.find((o) => o.id === ouId)?.customerName;
  // leaving the page with a half-filled dialog asks first (spec 000's unsaved-changes guard)
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(open && dirty);
  const close = () => {
    setDirty(false);
    onClose();
  };

  const save = useMutation({
    mutationFn: (v: Values) => (editing ? api(device.deviceUpdate, { id: editing.id, ...toBody(v) }) : api(device.deviceCreate, toBody(v))),
    onSuccess: async (row) => {
      void message.success(t('devices.saved', { name: row.name }));
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      close();
    },
  });

  const typeOptions = useMemo(() => typeTreeData(tree.data ?? []), [tree.data]);
  const label = (key: string) => t(`devices.${key}`);
  const locationPair = ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator: async () => {
      const lng = getFieldValue('longitude') != null;
      const lat = getFieldValue('latitude') != null;
      const address = !!String(getFieldValue('address') ?? '').trim();
      if (lng !== lat || (address && !lng)) throw new Error(t('devices.form.locationPair'));
    },
  });

  return (
    <FormDialog
      open={open}
      width={MODAL_WIDTH.normal}
      title={editing ? t('devices.form.editTitle', { code: editing.code }) : t('devices.form.createTitle')}
      onCancel={close}
      onSave={() => form.submit()}
      saving={save.isPending}
    >
      <Form<Values>
        form={form}
        name="device-form"
        layout="vertical"
        initialValues={toValues(editing)}
        onValuesChange={() => setDirty(true)}
        onFinish={(v) => save.mutate(v)}
        data-testid="device-form"
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="code"
              label={label('code')}
              extra={t('devices.form.codeHint')}
              rules={[{ ...requiredRule(label('code')), whitespace: true }, zodRule(fields.code, label('code'))]}
            >
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="name"
              label={label('name')}
              rules={[{ ...requiredRule(label('name')), whitespace: true }, zodRule(fields.name, label('name'))]}
            >
              <Input maxLength={128} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="deviceTypeId"
              label={label('type')}
              rules={[requiredRule(label('type'))]}
              extra={editing ? t('devices.form.typeLocked') : undefined}
            >
              <TreeSelect
                treeData={typeOptions}
                treeDefaultExpandAll
                showSearch={{ treeNodeFilterProp: 'title' }}
                loading={tree.isPending}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="ouId" label={label('ou')} rules={[requiredRule(label('ou'))]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={ous.isPending}
                options={(ous.data ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.code})` }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={label('customer')} extra={t('devices.form.customerHint')}>
              <Typography.Text data-testid="device-form-customer">{customer ?? '-'}</Typography.Text>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="gatewayId" label={label('gateway')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={gateways.isPending}
                options={[
                  { value: null, label: t('devices.form.noGateway') },
                  ...(gateways.data ?? [])
                    .filter((g) => g.id !== editing?.id)
                    .map((g) => ({ value: g.id, label: `${g.code} · ${g.name}` })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="longitude" label={t('devices.form.longitude')} dependencies={['latitude', 'address']} rules={[locationPair]}>
              <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="latitude" label={t('devices.form.latitude')} dependencies={['longitude', 'address']} rules={[locationPair]}>
              <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="ratedPowerKw" label={t('devices.form.ratedPower')} tooltip={t('devices.form.ratedPowerHint')}>
              <InputNumber min={0.001} max={10_000_000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label={t('devices.form.address')} rules={[{ max: 256 }]}>
              <Input maxLength={256} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDialog>
  );
}
