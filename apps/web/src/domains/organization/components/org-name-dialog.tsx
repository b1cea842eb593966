import { App as AntApp, Form, Input } from 'antd';
import { customer as schemas, type OrganizationNode } from '@energy/contracts';
import { customer } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { DOMAIN_KEYS } from '../../../shared/query-keys';
import { orgKeys } from '../queries';
import '../texts';

/**
 * Adds a sub-organisation under `node` ('add') or renames `node` ('rename'), width 480. Names are unique
 * among siblings; the server's refusal comes back as the shell's error modal and the dialog stays open.
 */
export function OrgNameDialog({
  mode,
  node,
  onClose,
  onAdded,
}: {
  mode: 'add' | 'rename';
  node: OrganizationNode;
  onClose: () => void;
  onAdded?: (mcid: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const label = t('organization.name');

  const submit = async () => {
    const { name } = await form.validateFields();
    const trimmed = name.trim();
    if (mode === 'add') {
      const { mcid } = await api(customer.organizationCreate, { parentMcid: node.mcid, name: trimmed });
      void message.success(t('organization.added', { name: trimmed }));
      onAdded?.(mcid);
    } else {
      await api(customer.organizationRename, { mcid: node.mcid, name: trimmed });
      void message.success(t('organization.renamed', { name: trimmed }));
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: orgKeys.tree }),
      queryClient.invalidateQueries({ queryKey: orgKeys.options }),
      // OU rows show organisation names
      queryClient.invalidateQueries({ queryKey: DOMAIN_KEYS.ou.all }),
    ]);
    onClose();
  };

  return (
    <FormDialog
      width={MODAL_WIDTH.small}
      title={mode === 'add' ? t('organization.addTitle', { parent: node.name }) : t('organization.renameTitle', { name: node.name })}
      onCancel={onClose}
      onSave={submit}
      saveTestId="org-form-submit"
    >
      <Form form={form} layout="vertical" initialValues={{ name: mode === 'rename' ? node.name : '' }} data-testid="org-form">
        <Form.Item
          name="name"
          label={label}
          rules={[{ ...requiredRule(label), whitespace: true }, zodRule(schemas.organizationName, label)]}
        >
          <Input maxLength={schemas.ORG_NAME_MAX} autoComplete="off" autoFocus data-testid="org-form-name" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
