import { useMemo, useState } from 'react';
import { App as AntApp, Col, Form, Input, InputNumber, Row, Select, Switch, TreeSelect } from 'antd';
import { alarm as alarmSchemas } from '@energy/contracts';
import { alarm, device } from '@energy/contracts/refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { useUnsavedGuard } from '../../../shared/form/unsaved-guard';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { typeTreeData, useDeviceTypeTree } from '../../../shared/pickers/device-type-picker';
import { useOuList } from '../../../shared/pickers/ou-picker';
import { ALARM_CONDITIONS, CONDITION_SYMBOL } from '../alarm-filter';
import { ALARM_LEVELS } from '../levels';
import { alarmKeys, type AlarmRuleRow } from '../queries';
import { LevelTag } from './level-tag';
import '../texts';

type Condition = (typeof ALARM_CONDITIONS)[number];

interface Values {
  name: string;
  description?: string;
  deviceTypeId?: number;
  propertyId?: number;
  condition?: Condition;
  threshold?: number;
  durationSeconds?: number;
  level?: number;
  ouId?: number | null;
  deviceIds?: number[];
  enabled: boolean;
}

const fields = alarmSchemas.alarmRuleCreate.body!.shape;

const toValues = (r: AlarmRuleRow | undefined): Partial<Values> =>
  r
    ? {
        name: r.name,
        description: r.description ?? undefined,
        deviceTypeId: r.deviceTypeId,
        propertyId: r.propertyId,
        condition: r.condition,
        threshold: r.threshold,
        durationSeconds: r.durationSeconds,
        level: r.level,
        ouId: r.ouId,
        deviceIds: r.deviceIds,
        enabled: r.enabled,
      }
    : { condition: 'GT', durationSeconds: 0, level: 2, ouId: null, deviceIds: [], enabled: true };

const toBody = (v: Values) => ({
  name: v.name.trim(),
  description: v.description?.trim() || null,
  deviceTypeId: v.deviceTypeId!,
  propertyId: v.propertyId!,
  condition: v.condition!,
  threshold: v.threshold!,
  durationSeconds: v.durationSeconds!,
  level: v.level!,
  ouId: v.ouId ?? null,
  deviceIds: v.deviceIds ?? [],
  enabled: v.enabled,
});

/**
 * Creates or edits an alarm rule: name, device type then one of its properties, condition, threshold,
 * how long it must hold, level, OU (empty: every OU) and devices (empty: every device of the type there).
 */
export function RuleFormDialog({ editing, onClose }: { editing?: AlarmRuleRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const tree = useDeviceTypeTree();
  const ous = useOuList();
  const typeId = Form.useWatch('deviceTypeId', form) ?? editing?.deviceTypeId;
  const ouId = Form.useWatch('ouId', form);
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(dirty);
  const close = () => {
    setDirty(false);
    onClose();
  };

  const properties = useMemo(
    () => tree.data?.flatMap((c) => c.children).find((x) => x.id === typeId)?.properties ?? [],
    [tree.data, typeId],
  );
  const devices = useQuery({
    queryKey: ['alarm', 'rule-devices', typeId, ouId ?? null],
    queryFn: () => api(device.deviceOuList, { deviceTypeId: typeId!, ...(ouId ? { ouId } : {}) }),
    enabled: typeId !== undefined,
  });

  const save = useMutation({
    mutationFn: (v: Values) =>
      editing ? api(alarm.alarmRuleUpdate, { id: editing.id, ...toBody(v) }) : api(alarm.alarmRuleCreate, toBody(v)),
    onSuccess: async (row) => {
      void message.success(t('alarm.rules.saved', { name: row.name }));
      await queryClient.invalidateQueries({ queryKey: alarmKeys.all });
      close();
    },
  });

  const label = (key: string) => t(`alarm.rules.${key}`);
  return (
    <FormDialog
      width={MODAL_WIDTH.normal}
      title={editing ? t('alarm.rules.editTitle', { name: editing.name }) : t('alarm.rules.createTitle')}
      onCancel={close}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveTestId="alarm-rule-save"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={toValues(editing)}
        onValuesChange={(changed: Partial<Values>) => {
          setDirty(true);
          // another type has other properties and devices
          if ('deviceTypeId' in changed) form.setFieldsValue({ propertyId: undefined, deviceIds: [] });
          if ('ouId' in changed) form.setFieldsValue({ deviceIds: [] });
        }}
        onFinish={(v) => save.mutate(v)}
        data-testid="alarm-rule-form"
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="name"
              label={label('name')}
              rules={[{ ...requiredRule(label('name')), whitespace: true }, zodRule(fields.name, label('name'))]}
            >
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="level" label={t('alarm.level')} rules={[requiredRule(t('alarm.level'))]}>
              <Select data-testid="alarm-rule-level" options={ALARM_LEVELS.map((l) => ({ value: l, label: <LevelTag level={l} /> }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="deviceTypeId" label={t('alarm.deviceType')} rules={[requiredRule(t('alarm.deviceType'))]}>
              <TreeSelect
                data-testid="alarm-rule-type"
                treeData={typeTreeData(tree.data ?? [])}
                treeDefaultExpandAll
                showSearch={{ treeNodeFilterProp: 'title' }}
                loading={tree.isPending}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="propertyId" label={t('alarm.property')} rules={[requiredRule(t('alarm.property'))]}>
              <Select
                data-testid="alarm-rule-property"
                disabled={typeId === undefined}
                placeholder={typeId === undefined ? label('pickTypeFirst') : undefined}
                showSearch={{ optionFilterProp: 'label' }}
                options={properties.map((p) => ({ value: p.id, label: p.unit ? `${p.name} (${p.unit})` : p.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="condition" label={label('condition')} rules={[requiredRule(label('condition'))]}>
              <Select
                data-testid="alarm-rule-condition"
                options={ALARM_CONDITIONS.map((c) => ({ value: c, label: `${CONDITION_SYMBOL[c]}  ${t(`alarm.rules.conditions.${c}`)}` }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="threshold"
              label={label('threshold')}
              rules={[requiredRule(label('threshold')), zodRule(fields.threshold, label('threshold'))]}
            >
              <InputNumber style={{ width: '100%' }} data-testid="alarm-rule-threshold" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="durationSeconds"
              label={label('duration')}
              tooltip={label('durationHint')}
              rules={[requiredRule(label('duration')), zodRule(fields.durationSeconds, label('duration'))]}
            >
              <InputNumber min={0} max={86_400} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="ouId" label={t('alarm.ou')} extra={label('ouHint')}>
              <Select
                allowClear
                placeholder={t('alarm.allOus')}
                showSearch={{ optionFilterProp: 'label' }}
                loading={ous.isPending}
                options={(ous.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="deviceIds" label={label('devices')} extra={label('devicesHint')}>
              <Select
                mode="multiple"
                allowClear
                data-testid="alarm-rule-devices"
                disabled={typeId === undefined}
                placeholder={label('allDevices')}
                loading={devices.isFetching}
                showSearch={{ optionFilterProp: 'label' }}
                maxCount={500}
                options={(devices.data ?? []).map((d) => ({ value: d.id, label: `${d.code} · ${d.name}` }))}
              />
            </Form.Item>
          </Col>
          <Col span={18}>
            <Form.Item name="description" label={label('description')}>
              <Input maxLength={256} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="enabled" label={label('enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormDialog>
  );
}
