import { useEffect } from 'react';
import { App as AntApp, Button, Card, Flex, Form, Typography } from 'antd';
import { customer as schemas } from '@energy/contracts';
import { customer } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { ConfirmButton } from '../../../shared/confirm-button';
import { useUnsavedGuard } from '../../../shared/form/unsaved-guard';
import { OrgLevelEditor, orgLevelsRule } from '../../../shared/org-levels/org-level-editor';
import { levelNamesProblem, sameNames } from '../org-tree';
import { orgKeys, useOrganizationLevels } from '../queries';
import '../texts';

interface Values {
  orgLevels: string[];
}

/**
 * The tenant's organisation level names in the OrgLevelEditor: editable and saved with b-customer-edit,
 * read-only without it. Unsaved changes are guarded. `deepest` is the deepest level the tree uses: fewer
 * levels than that are refused here, as the server would.
 */
export function OrgLevelsCard({ deepest }: { deepest: number }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('b-customer-edit');
  const levels = useOrganizationLevels();
  const [form] = Form.useForm<Values>();
  const saved = levels.data?.levels;
  const current = Form.useWatch('orgLevels', form);
  const dirty = canEdit && !!saved && !!current && !sameNames(current, saved);
  useUnsavedGuard(dirty);

  // the saved names fill the form when they arrive, and again after a save
  useEffect(() => {
    if (saved) form.setFieldsValue({ orgLevels: saved });
  }, [saved, form]);

  const extraRule = {
    validator: async (_: unknown, names: string[] | undefined) => {
      const problem = levelNamesProblem(names, schemas.ORG_LEVEL_NAME_MAX, deepest);
      if (problem?.kind === 'tooLong') throw new Error(t('organization.levelTooLong', { level: problem.level, max: problem.max }));
      if (problem?.kind === 'tooFew') throw new Error(t('organization.levelsTooFew', { deepest: problem.deepest }));
    },
  };

  const save = async () => {
    const { orgLevels } = await form.validateFields();
    const result = await api(customer.organizationLevelsUpdate, { levels: orgLevels.map((n) => n.trim()) });
    queryClient.setQueryData(orgKeys.levels, result);
    void message.success(t('organization.levelsSaved'));
    // the tree shows each node's level name
    await queryClient.invalidateQueries({ queryKey: orgKeys.tree });
  };

  return (
    <Card
      title={t('organization.levelsTitle')}
      loading={levels.isPending}
      data-testid="org-levels-card"
      extra={
        canEdit && (
          <Flex gap={8}>
            <Button disabled={!dirty} onClick={() => form.setFieldsValue({ orgLevels: saved })} data-testid="org-levels-discard">
              {t('organization.discard')}
            </Button>
            <ConfirmButton type="primary" disabled={!dirty} onClick={save} data-testid="org-levels-save">
              {t('common.save')}
            </ConfirmButton>
          </Flex>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        {t('organization.levelsHint')} {canEdit ? null : t('organization.levelsReadOnly')}
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" data-testid="org-levels-form">
        <Form.Item name="orgLevels" rules={[orgLevelsRule(), extraRule]}>
          <OrgLevelEditor readOnly={!canEdit} />
        </Form.Item>
      </Form>
    </Card>
  );
}
