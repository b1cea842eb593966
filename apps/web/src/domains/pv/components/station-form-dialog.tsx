import { useState } from 'react';
import { App as AntApp, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { pv as schemas } from '@energy/contracts';
import { pv } from '@energy/contracts/refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { useUnsavedGuard } from '../../../shared/form/unsaved-guard';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { OuPicker } from '../../../shared/pickers/ou-picker';
import { PV_STAGES, pvKeys, type PvStage, type PvStationRow } from '../queries';
import '../texts';

interface Values {
  code: string;
  name: string;
  ouId?: number;
  capacityKwp?: number;
  address?: string;
  districtAdcode?: string;
  longitude?: number | null;
  latitude?: number | null;
  gridConnectionDate?: string;
  timeZone?: string;
  weatherStationId?: number | null;
  stage?: PvStage;
}

const fields = schemas.pvStationBasicInfo.body!.shape;
const blank = (s: string | undefined) => (s?.trim() ? s.trim() : null);

const toValues = (s: PvStationRow | undefined): Partial<Values> =>
  s
    ? {
        code: s.code,
        name: s.name,
        ouId: s.ouId,
        capacityKwp: s.capacityKwp,
        address: s.address ?? undefined,
        districtAdcode: s.districtAdcode ?? undefined,
        longitude: s.location?.longitude ?? null,
        latitude: s.location?.latitude ?? null,
        gridConnectionDate: s.gridConnectionDate ?? undefined,
        weatherStationId: s.weatherStationId,
      }
    : { stage: 'planning' };

/**
 * Creates a station or edits its basic info (width 640): code, name, OU (its customer follows), capacity,
 * address and coordinates, grid-connection day, time zone and, when editing, its weather station among
 * the candidates nearest first. The server's refusals come back as the shell's error modal.
 */
export function StationFormDialog({ editing, onClose }: { editing?: PvStationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(dirty);
  const candidates = useQuery({
    queryKey: pvKeys.of(pv.candidateWeatherStations, { pvId: editing?.id ?? 0 }),
    queryFn: () => api(pv.candidateWeatherStations, { pvId: editing!.id }),
    enabled: !!editing,
  });
  const close = () => {
    setDirty(false);
    onClose();
  };
  const save = useMutation({
    mutationFn: (v: Values) => {
      const location = v.longitude != null && v.latitude != null ? { longitude: v.longitude, latitude: v.latitude } : null;
      return api(pv.pvStationBasicInfo, {
        ...(editing ? { id: editing.id } : { stage: v.stage }),
        code: v.code.trim(),
        name: v.name.trim(),
        ouId: v.ouId!,
        capacityKwp: v.capacityKwp!,
        address: blank(v.address),
        districtAdcode: blank(v.districtAdcode),
        location,
        gridConnectionDate: blank(v.gridConnectionDate),
        // an unchanged zone is not sent: a station without its own zone keeps following its tenant's
        ...(editing && (v.timeZone?.trim() ?? '') === editing.timeZone ? {} : { timeZone: blank(v.timeZone) }),
        ...(editing ? { weatherStationId: v.weatherStationId ?? null } : {}),
      });
    },
    onSuccess: async (row) => {
      void message.success(t('pv.saved', { name: row.name }));
      await queryClient.invalidateQueries({ queryKey: pvKeys.all });
      close();
    },
  });
  const label = (key: string) => t(`pv.${key}`);

  return (
    <FormDialog
      open
      width={MODAL_WIDTH.normal}
      title={editing ? t('pv.form.editTitle', { code: editing.code }) : t('pv.form.createTitle')}
      onCancel={close}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveTestId="pv-station-save"
    >
      <Form<Values>
        form={form}
        name="pv-station-form"
        layout="vertical"
        initialValues={toValues(editing)}
        onValuesChange={() => setDirty(true)}
        onFinish={(v) => save.mutate(v)}
        data-testid="pv-station-form"
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="code"
              label={label('code')}
              extra={t('pv.form.codeHint')}
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
            <Form.Item name="ouId" label={label('ou')} rules={[requiredRule(label('ou'))]}>
              <OuPicker data-testid="pv-station-ou" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="capacityKwp"
              label={label('capacity')}
              rules={[requiredRule(label('capacity')), zodRule(fields.capacityKwp, label('capacity'))]}
            >
              <InputNumber min={0} step={10} style={{ width: '100%' }} data-testid="pv-station-capacity" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label={label('address')} rules={[zodRule(fields.address, label('address'))]}>
              <Input maxLength={256} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="districtAdcode" label={label('district')}>
              <Input maxLength={6} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="longitude" label={label('longitude')}>
              <InputNumber min={-180} max={180} step={0.001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="latitude" label={label('latitude')}>
              <InputNumber min={-90} max={90} step={0.001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="gridConnectionDate" label={label('gridDate')} rules={[zodRule(fields.gridConnectionDate, label('gridDate'))]}>
              <Input placeholder="YYYY-MM-DD" maxLength={10} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="timeZone"
              label={label('timeZone')}
              extra={t('pv.form.zoneHint')}
              initialValue={editing?.timeZone}
              rules={[zodRule(fields.timeZone, label('timeZone'))]}
            >
              <Input placeholder="Asia/Shanghai" maxLength={64} />
            </Form.Item>
          </Col>
          {editing ? (
            <Col span={24}>
              <Form.Item name="weatherStationId" label={label('weatherStation')}>
                <Select<number | null>
                  allowClear
                  loading={candidates.isPending}
                  options={[
                    { value: null, label: t('pv.none') },
                    ...(candidates.data ?? []).map((c) => ({
                      value: c.deviceId as number | null,
                      label: `${c.code} · ${c.name}${c.distanceKm != null ? ` (${c.distanceKm} km)` : ''}`,
                    })),
                  ]}
                />
              </Form.Item>
            </Col>
          ) : (
            <Col span={12}>
              <Form.Item name="stage" label={t('pv.form.initialStage')}>
                <Select options={PV_STAGES.filter((s) => s !== 'decommissioned').map((s) => ({ value: s, label: t(`pv.stages.${s}`) }))} />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </FormDialog>
  );
}
