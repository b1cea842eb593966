import { useMemo } from 'react';
import { App as AntApp, Form, TreeSelect } from 'antd';
import type { OrganizationNode } from '@energy/contracts';
import { customer } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { requiredRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { moveTargets } from '../org-tree';
import { orgKeys } from '../queries';
import '../texts';

/** Moves `node` with its subtree under a new parent chosen from the tree without the node's own subtree (width 480). */
export function OrgMoveDialog({
  node,
  tree,
  levelCount,
  onClose,
}: {
  node: OrganizationNode;
  tree: OrganizationNode[];
  levelCount: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ parentMcid?: string }>();
  const treeData = useMemo(() => moveTargets(tree, node, levelCount), [tree, node, levelCount]);
  const label = t('organization.newParent');

  const submit = async () => {
    const { parentMcid } = await form.validateFields();
    await api(customer.organizationMove, { mcid: node.mcid, parentMcid: parentMcid! });
    void message.success(t('organization.moved', { name: node.name }));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: orgKeys.tree }),
      queryClient.invalidateQueries({ queryKey: orgKeys.options }),
    ]);
    onClose();
  };

  return (
    <FormDialog
      width={MODAL_WIDTH.small}
      title={t('organization.moveTitle', { name: node.name })}
      onCancel={onClose}
      onSave={submit}
      saveTestId="org-form-submit"
    >
      <Form form={form} layout="vertical" data-testid="org-move-form">
        <Form.Item name="parentMcid" label={label} rules={[requiredRule(label)]} extra={t('organization.moveHint')}>
          <TreeSelect treeData={treeData} treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} data-testid="org-move-parent" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
