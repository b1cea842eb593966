import { useState } from 'react';
import { App as AntApp, Col, Descriptions, Form, Input, InputNumber, Modal, Row, Select, Typography } from 'antd';
import { charging as schemas } from '@energy/contracts';
import { charging } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { useUnsavedGuard } from '../../../shared/form/unsaved-guard';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { chargingKeys, useStations, type PileRow } from '../queries';
import '../texts';

interface Values {
  stationId?: number;
  code: string;
  name: string;
  vendor: string;
  model: string;
  serialNumber?: string;
  ratedPowerKw?: number;
  currentType?: 'AC' | 'DC';
  ocppIdentity: string;
  gunCount?: number;
  gunType?: string;
  gunPowerKw?: number;
}
const fields = schemas.pileCreate.body!.shape;
const GUN_TYPES = schemas.gunType.options;

/** Creates a pile with its guns (all of one type and power here) or edits a pile's own fields. */
export function PileFormDialog({ editing, onClose }: { editing?: PileRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const stations = useStations();
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(dirty);
  const label = (key: string) => t(`charging.${key}`);
  const save = useMutation({
    mutationFn: (v: Values) => {
      const own = {
        code: v.code.trim(),
        name: v.name.trim(),
        vendor: v.vendor.trim(),
        model: v.model.trim(),
        serialNumber: v.serialNumber?.trim() || null,
        ratedPowerKw: v.ratedPowerKw!,
        currentType: v.currentType!,
      };
      if (editing) return api(charging.pileEdit, { id: editing.id, ...own });
      return api(charging.pileCreate, {
        ...own,
        stationId: v.stationId!,
        ocppIdentity: v.ocppIdentity.trim(),
        guns: Array.from({ length: v.gunCount ?? 1 }, () => ({
          type: v.gunType as (typeof GUN_TYPES)[number],
          ratedPowerKw: v.gunPowerKw!,
        })),
      });
    },
    onSuccess: async (row) => {
      void message.success(t('charging.saved', { name: row.name }));
      await queryClient.invalidateQueries({ queryKey: chargingKeys.all });
      onClose();
    },
  });
  const item = (name: keyof Values, text: string, node: React.ReactNode, rules: object[] = [], span = 12) => (
    <Col span={span}>
      <Form.Item name={name} label={text} rules={rules}>
        {node}
      </Form.Item>
    </Col>
  );
  return (
    <FormDialog
      open
      width={MODAL_WIDTH.normal}
      title={editing ? t('charging.pile.editTitle', { code: editing.code }) : t('charging.pile.createTitle')}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={
          editing
            ? { ...editing, serialNumber: editing.serialNumber ?? undefined }
            : { currentType: 'DC', gunCount: 2, gunType: 'GBT_DC', ratedPowerKw: 120, gunPowerKw: 120 }
        }
        onValuesChange={() => setDirty(true)}
        onFinish={(v) => save.mutate(v)}
        data-testid="pile-form"
      >
        <Row gutter={16}>
          {!editing &&
            item(
              'stationId',
              label('station'),
              <Select
                loading={stations.isPending}
                options={(stations.data ?? []).map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
              />,
              [requiredRule(label('station'))],
            )}
          {!editing &&
            item(
              'ocppIdentity',
              label('pile.identity'),
              <Input maxLength={48} autoComplete="off" placeholder={t('charging.pile.identityHint')} />,
              [requiredRule(label('pile.identity')), zodRule(fields.ocppIdentity, label('pile.identity'))],
            )}
          {item('code', label('code'), <Input maxLength={64} autoComplete="off" />, [
            requiredRule(label('code')),
            zodRule(fields.code, label('code')),
          ])}
          {item('name', label('name'), <Input maxLength={128} autoComplete="off" />, [
            requiredRule(label('name')),
            zodRule(fields.name, label('name')),
          ])}
          {item('vendor', label('pile.vendor'), <Input maxLength={64} />, [requiredRule(label('pile.vendor'))])}
          {item('model', label('pile.model'), <Input maxLength={64} />, [requiredRule(label('pile.model'))])}
          {item('serialNumber', label('pile.serial'), <Input maxLength={64} />)}
          {item('currentType', label('pile.currentType'), <Select options={['AC', 'DC'].map((v) => ({ value: v, label: v }))} />, [
            requiredRule(label('pile.currentType')),
          ])}
          {item('ratedPowerKw', label('pile.ratedPower'), <InputNumber min={0.1} max={2000} style={{ width: '100%' }} />, [
            requiredRule(label('pile.ratedPower')),
          ])}
          {!editing &&
            item('gunCount', label('pile.gunCount'), <InputNumber min={1} max={8} precision={0} style={{ width: '100%' }} />, [
              requiredRule(label('pile.gunCount')),
            ])}
          {!editing &&
            item('gunType', label('pile.gunType'), <Select options={GUN_TYPES.map((v) => ({ value: v, label: v }))} />, [
              requiredRule(label('pile.gunType')),
            ])}
          {!editing &&
            item('gunPowerKw', label('pile.gunPower'), <InputNumber min={0.1} max={2000} style={{ width: '100%' }} />, [
              requiredRule(label('pile.gunPower')),
            ])}
        </Row>
      </Form>
    </FormDialog>
  );
}

export type IssuedOcpp = RefOutput<typeof charging.pileCredentialsIssue>;

/** The one-time display of a pile's OCPP credentials. */
export function OcppCredentialsDialog({ name, issued, onClose }: { name: string; issued: IssuedOcpp | null; onClose: () => void }) {
  const { t } = useTranslation();
  const url = issued ? `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${issued.path}` : '';
  return (
    <Modal
      open={!!issued}
      width={MODAL_WIDTH.normal}
      title={t('charging.credentials.title', { name })}
      onOk={onClose}
      onCancel={onClose}
      okText={t('charging.credentials.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Typography.Paragraph type="warning">{t('charging.credentials.warning')}</Typography.Paragraph>
      {issued && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('charging.credentials.url')}>
            <Typography.Text copyable>{url}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('charging.credentials.identity')}>
            <Typography.Text copyable>{issued.ocppIdentity}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('charging.credentials.password')}>
            <Typography.Text copyable data-testid="ocpp-password">
              {issued.password}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('charging.credentials.subprotocol')}>{issued.subprotocol}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

type Action = 'RemoteStartTransaction' | 'RemoteStopTransaction' | 'Reset' | 'ChangeAvailability' | 'ChangeConfiguration';
interface CommandValues {
  action: Action;
  connectorId?: number;
  idTag?: string;
  transactionId?: number;
  type?: string;
  operationPassword: string;
}

/** Sends an OCPP command to a connected pile, asking the operation password. */
export function PileCommandDialog({ pile, onClose }: { pile: PileRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CommandValues>();
  const action = Form.useWatch('action', form) ?? 'RemoteStartTransaction';
  const running = pile.guns.filter((g) => g.transactionId !== null);
  const send = useMutation({
    mutationFn: (v: CommandValues) => {
      const command =
        v.action === 'RemoteStartTransaction'
          ? { action: v.action, connectorId: v.connectorId!, idTag: v.idTag!.trim() }
          : v.action === 'RemoteStopTransaction'
            ? { action: v.action, transactionId: v.transactionId! }
            : v.action === 'Reset'
              ? { action: v.action, type: (v.type ?? 'Soft') as 'Soft' | 'Hard' }
              : v.action === 'ChangeAvailability'
                ? { action: v.action, connectorId: v.connectorId ?? 0, type: (v.type ?? 'Operative') as 'Operative' | 'Inoperative' }
                : { action: v.action, key: 'ClockAlignedDataInterval' as const, value: '900' as const };
      return api(charging.pileCommand, { pileId: pile.id, operationPassword: v.operationPassword, command });
    },
    onSuccess: async (answer) => {
      void message.info(t('charging.command.answered', answer));
      await queryClient.invalidateQueries({ queryKey: chargingKeys.all });
      onClose();
    },
  });
  const actions: { value: Action; label: string }[] = [
    { value: 'RemoteStartTransaction', label: t('charging.command.start') },
    { value: 'RemoteStopTransaction', label: t('charging.command.stop') },
    { value: 'Reset', label: t('charging.command.reset') },
    { value: 'ChangeAvailability', label: t('charging.command.changeAvailability') },
    { value: 'ChangeConfiguration', label: t('charging.command.clockAligned') },
  ];
  const guns = pile.guns.map((g) => ({ value: g.number, label: `${g.number} · ${g.type}` }));
  return (
    <FormDialog
      open
      width={MODAL_WIDTH.normal}
      title={t('charging.command.title', { name: pile.code })}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={send.isPending}
      saveTestId="pile-command-send"
    >
      <Form<CommandValues>
        form={form}
        layout="vertical"
        initialValues={{ action: 'RemoteStartTransaction', connectorId: 1 }}
        onFinish={(v) => send.mutate(v)}
        data-testid="pile-command-form"
      >
        <Form.Item name="action" label={t('charging.command.action')}>
          <Select options={actions} />
        </Form.Item>
        {(action === 'RemoteStartTransaction' || action === 'ChangeAvailability') && (
          <Form.Item name="connectorId" label={t('charging.command.connector')} rules={[requiredRule(t('charging.command.connector'))]}>
            <Select options={action === 'ChangeAvailability' ? [{ value: 0, label: '0 · all' }, ...guns] : guns} />
          </Form.Item>
        )}
        {action === 'RemoteStartTransaction' && (
          <Form.Item name="idTag" label={t('charging.command.idTag')} rules={[requiredRule(t('charging.command.idTag')), { max: 20 }]}>
            <Input maxLength={20} />
          </Form.Item>
        )}
        {action === 'RemoteStopTransaction' && (
          <Form.Item
            name="transactionId"
            label={t('charging.command.transaction')}
            rules={[requiredRule(t('charging.command.transaction'))]}
          >
            <Select
              notFoundContent={t('charging.command.noSession')}
              options={running.map((g) => ({
                value: g.transactionId!,
                label: `#${g.transactionId} · ${t('charging.session.gun')} ${g.number}`,
              }))}
            />
          </Form.Item>
        )}
        {action === 'Reset' && (
          <Form.Item name="type" label={t('charging.command.resetType')} initialValue="Soft">
            <Select options={['Soft', 'Hard'].map((v) => ({ value: v, label: v }))} />
          </Form.Item>
        )}
        {action === 'ChangeAvailability' && (
          <Form.Item name="type" label={t('charging.command.availability')} initialValue="Operative">
            <Select options={['Operative', 'Inoperative'].map((v) => ({ value: v, label: v }))} />
          </Form.Item>
        )}
        <Form.Item
          name="operationPassword"
          label={t('charging.command.operationPassword')}
          rules={[requiredRule(t('charging.command.operationPassword'))]}
        >
          <Input.Password maxLength={64} autoComplete="off" data-testid="pile-command-password" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
