import { Form, Input, InputNumber, Select } from 'antd';
import { circuit } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { DevicePicker } from '../../../shared/pickers/device-picker';
import { OuPicker } from '../../../shared/pickers/ou-picker';
import { circuitKeys, useAccounts, useCabinets, useCircuits, type CircuitRow } from '../queries';

const TYPES = ['incoming', 'busbar', 'feeder', 'branch'] as const;

interface Values {
  code: string;
  name: string;
  type: (typeof TYPES)[number];
  ouId: number;
  parentId: number | null;
  distributionCabinetId: number | null;
  accountId: number | null;
  ratedCurrentA: number | null;
  adds: number[];
  subtracts: number[];
}

/** Creates or edits a circuit: its place in the tree, cabinet, account and the meters it adds or subtracts. */
export function CircuitDialog({ row, onClose }: { row: CircuitRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const circuits = useCircuits();
  const cabinets = useCabinets();
  const accounts = useAccounts();
  const ouId = Form.useWatch('ouId', form);
  const save = useMutation({
    mutationFn: ({ adds, subtracts, ...v }: Values) => {
      // an edit keeps the meters in force: they change in the energy config, from a date
      const meters = row
        ? row.meters.map((m) => ({ deviceId: m.deviceId, sign: m.sign }))
        : [
            ...(adds ?? []).map((deviceId) => ({ deviceId, sign: 1 as const })),
            ...(subtracts ?? []).map((deviceId) => ({ deviceId, sign: -1 as const })),
          ];
      const body = { ...v, meters };
      return row ? api(circuit.circuitUpdate, { ...body, id: row.id }) : api(circuit.circuitCreate, body);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: circuitKeys.all });
      onClose();
    },
  });
  const initial: Partial<Values> = row
    ? {
        ...row,
        accountId: row.ownAccount ? row.accountId : null,
        adds: row.meters.filter((m) => m.sign === 1).map((m) => m.deviceId),
        subtracts: row.meters.filter((m) => m.sign === -1).map((m) => m.deviceId),
      }
    : { type: 'feeder', adds: [], subtracts: [] };
  const sameOu = <X extends { ouId: number }>(xs: X[] | undefined) => (xs ?? []).filter((x) => !ouId || x.ouId === ouId);
  const none = { value: null as unknown as number, label: t('circuit.manage.none') };
  return (
    <FormDialog
      title={row ? t('circuit.manage.editTitle', { code: row.code }) : t('circuit.manage.create')}
      width={640}
      onCancel={onClose}
      onSave={async () => save.mutateAsync(await form.validateFields())}
      saving={save.isPending}
      saveTestId="circuit-save"
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="code" label={t('circuit.code')} rules={[{ required: true, max: 64 }]}>
          <Input data-testid="circuit-code" />
        </Form.Item>
        <Form.Item name="name" label={t('circuit.name')} rules={[{ required: true, max: 128 }]}>
          <Input data-testid="circuit-name" />
        </Form.Item>
        <Form.Item name="type" label={t('circuit.manage.type')} rules={[{ required: true }]}>
          <Select options={TYPES.map((x) => ({ value: x, label: t(`circuit.types.${x}`) }))} />
        </Form.Item>
        <Form.Item name="ouId" label={t('circuit.ou')} rules={[{ required: true }]}>
          <OuPicker />
        </Form.Item>
        <Form.Item name="parentId" label={t('circuit.manage.parent')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              none,
              ...sameOu(circuits.data)
                .filter((c) => c.id !== row?.id && c.type !== 'branch')
                .map((c) => ({ value: c.id, label: `${c.name} (${c.code})` })),
            ]}
          />
        </Form.Item>
        <Form.Item name="distributionCabinetId" label={t('circuit.manage.cabinet')}>
          <Select options={[none, ...sameOu(cabinets.data).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))]} />
        </Form.Item>
        <Form.Item name="accountId" label={t('circuit.manage.account')}>
          <Select options={[none, ...sameOu(accounts.data).map((a) => ({ value: a.id, label: `${a.name} (${a.code})` }))]} />
        </Form.Item>
        {row ? (
          <Form.Item label={t('circuit.manage.meters')} extra={t('circuit.energy.metersElsewhere')}>
            {row.meters.map((m) => `${m.sign === -1 ? '−' : '+'} ${m.code}`).join('  ') || '—'}
          </Form.Item>
        ) : (
          <>
            <Form.Item name="adds" label={t('circuit.manage.adds')} extra={t('circuit.manage.metersHint')}>
              <DevicePicker mode="multiple" />
            </Form.Item>
            <Form.Item name="subtracts" label={t('circuit.manage.subtracts')}>
              <DevicePicker mode="multiple" />
            </Form.Item>
          </>
        )}
        <Form.Item name="ratedCurrentA" label={t('circuit.manage.ratedCurrent')}>
          <InputNumber min={0} max={100000} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
