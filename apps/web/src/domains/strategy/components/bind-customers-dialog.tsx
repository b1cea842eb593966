import { useEffect, useState } from 'react';
import { App as AntApp, Spin, TreeSelect, Typography } from 'antd';
import { strategy } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { MODAL_WIDTH } from '../../../shared/modal';
import { strategyKeys } from '../queries';

type OrgNode = RefOutput<typeof strategy.strategyOrganizationWithCode>[number];
interface TreeNode {
  value: string;
  title: string;
  children: TreeNode[];
}
const toTree = (nodes: OrgNode[]): TreeNode[] =>
  nodes.map((n) => ({ value: n.mcid, title: `${n.name} (${n.code})`, children: toTree(n.children) }));

/** Binds a template to customers (the customers it is offered to): a checkable customer tree, saved as a whole. */
export function BindCustomersDialog({ template, onClose }: { template: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const open = template !== null;
  const tree = useQuery({ queryKey: strategyKeys.customers, queryFn: () => api(strategy.strategyOrganizationWithCode), enabled: open });
  const bound = useQuery({
    queryKey: strategyKeys.bound(template?.id ?? 0),
    queryFn: () => api(strategy.strategyMcidList, { id: template!.id }),
    enabled: open,
  });
  const [value, setValue] = useState<string[]>([]);
  useEffect(() => {
    if (bound.data) setValue(bound.data.map((c) => c.mcid));
  }, [bound.data]);

  const save = async () => {
    await api(strategy.strategyUpdateMcidBinding, { id: template!.id, mcids: value });
    void message.success(t('strategy.saved', { name: template!.name }));
    await queryClient.invalidateQueries({ queryKey: strategyKeys.all });
    onClose();
  };

  return (
    <FormDialog
      open={open}
      title={t('strategy.bindTitle', { name: template?.name ?? '' })}
      width={MODAL_WIDTH.normal}
      onCancel={onClose}
      onSave={save}
      saveTestId="template-bind-save"
      saveDisabled={!bound.data}
    >
      <Typography.Paragraph type="secondary">{t('strategy.bindHint')}</Typography.Paragraph>
      <Spin spinning={tree.isLoading || bound.isLoading}>
        <TreeSelect
          style={{ width: '100%' }}
          treeCheckable
          treeCheckStrictly={false}
          showCheckedStrategy={TreeSelect.SHOW_ALL}
          treeDefaultExpandAll
          value={value}
          onChange={(v: string[]) => setValue(v)}
          treeData={toTree(tree.data ?? [])}
          placeholder={t('strategy.customer')}
          data-testid="template-bind-customers"
        />
      </Spin>
    </FormDialog>
  );
}
