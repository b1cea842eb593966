import { App as AntApp, Form, Input, Typography } from 'antd';
import { alarm } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { MODAL_WIDTH } from '../../../shared/modal';
import { alarmKeys, type AlarmRow } from '../queries';
import '../texts';

/** Recovers an active alarm by hand (the fault is fixed), with an optional remark of up to 256 characters. */
export function RecoverDialog({ row, onClose }: { row: AlarmRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ remark?: string }>();
  const recover = useMutation({
    mutationFn: (remark: string | undefined) => api(alarm.signboardRecovery, { id: row.id, remark: remark?.trim() || null }),
    onSuccess: async () => {
      void message.success(t('alarm.signboard.recoveredDone'));
      await queryClient.invalidateQueries({ queryKey: alarmKeys.all });
      onClose();
    },
  });
  return (
    <FormDialog
      width={MODAL_WIDTH.small}
      title={t('alarm.signboard.recoverTitle', { rule: row.ruleName, device: row.deviceName ?? row.content })}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={recover.isPending}
      saveTestId="alarm-recover-save"
    >
      <Typography.Paragraph type="secondary">{t('alarm.signboard.recoverHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => recover.mutate(v.remark)}>
        <Form.Item name="remark" label={t('alarm.signboard.recoverRemark')}>
          <Input.TextArea maxLength={256} rows={3} showCount data-testid="alarm-recover-remark" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
