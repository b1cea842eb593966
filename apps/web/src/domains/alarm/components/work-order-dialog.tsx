import { App as AntApp, Form, Input } from 'antd';
import { alarm } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { requiredRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { alarmKeys } from '../queries';
import '../texts';

interface Values {
  title: string;
  content: string;
  assignee?: string;
}

/** Raises a work order for an alarm: title (100), content (2000) and an optional assignee (64). */
export function WorkOrderDialog({ alarmId, open, onClose }: { alarmId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) =>
      api(alarm.alarmWorkOrderCreate, { alarmId, title: v.title.trim(), content: v.content.trim(), assignee: v.assignee?.trim() || null }),
    onSuccess: async () => {
      void message.success(t('alarm.detailPage.workOrderSaved'));
      await queryClient.invalidateQueries({ queryKey: alarmKeys.all });
      onClose();
    },
  });
  const label = (key: string) => t(`alarm.detailPage.${key}`);
  return (
    <FormDialog
      open={open}
      width={MODAL_WIDTH.normal}
      title={t('alarm.detailPage.newWorkOrder')}
      onCancel={onClose}
      onSave={() => form.submit()}
      saving={save.isPending}
      saveTestId="work-order-save"
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} data-testid="work-order-form">
        <Form.Item name="title" label={label('workOrderTitle')} rules={[{ ...requiredRule(label('workOrderTitle')), whitespace: true }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="content"
          label={label('workOrderContent')}
          rules={[{ ...requiredRule(label('workOrderContent')), whitespace: true }]}
        >
          <Input.TextArea maxLength={2000} rows={4} showCount />
        </Form.Item>
        <Form.Item name="assignee" label={label('assignee')}>
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
