import { useMemo, useState } from 'react';
import { App as AntApp, Button, Card, Col, Flex, Form, Input, Result, Row, Skeleton, Space, Switch } from 'antd';
import { role as roleSchemas, type PermissionNode } from '@energy/contracts';
import { role } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { shellKeys, useHasPermission, usePermissions } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { ConfirmButton } from '../../../shared/confirm-button';
import { useUnsavedGuard } from '../../../shared/form/unsaved-guard';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { PageTitle } from '../../../shared/page-title';
import { PermissionTree, type PermissionTreeProps, type PermissionValue } from '../../../shared/permission-tree/permission-tree';
import { BackLink } from '../components/back-link';
import { TreeBox } from '../components/tree-box';
import { grantableTree } from '../grantable-tree';
import { ROLE_LIST_PATH } from '../paths';
import { roleKeys, useOwnRole, usePermissionCatalogue, useRoleDetail } from '../queries';
import { toFormValues, toRoleBody, type RoleDetail, type RoleFormValues } from '../role-form';
import '../texts';

const fields = roleSchemas.roleCreate.body!.shape;

/** `/settings/org/role/create` and `/settings/org/role/edit/:id`: loads the role, then the editor. */
export default function RoleFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const roleId = params.id === undefined ? null : Number(params.id);
  const validId = roleId === null || (Number.isInteger(roleId) && roleId > 0);
  const allowed = useHasPermission(roleId === null ? 'b-role-create' : 'b-role-edit');
  const detail = useRoleDetail(validId ? roleId : null);

  if (!allowed) return <Result status="403" title={t('errors.forbiddenTitle')} subTitle={t('errors.forbidden')} />;
  if (!validId || detail.isError) return <Result status="404" subTitle={t('role.notFound')} extra={<BackLink />} />;
  if (roleId !== null && !detail.data)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return <RoleEditor key={roleId ?? 'new'} existing={detail.data} />;
}

const NO_PERMISSIONS: PermissionValue = { checked: [], autoSync: [] };

/** The permission tree as a form control (Form.Item gives it value and onChange). */
function PermissionField({ value, ...props }: Omit<PermissionTreeProps, 'value'> & { value?: PermissionValue }) {
  return (
    <TreeBox>
      <PermissionTree {...props} value={value ?? NO_PERMISSIONS} />
    </TreeBox>
  );
}

/**
 * The role editor: name, description, 'all OUs' (shown only to a staff who sees every OU: the server
 * refuses it from anyone else) and the permission tree, limited to what the acting staff may grant.
 * Leaving with unsaved changes asks first; a save goes back to the list.
 */
function RoleEditor({ existing }: { existing: RoleDetail | undefined }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoleFormValues>();
  const [dirty, setDirty] = useState(false);
  const { release } = useUnsavedGuard(dirty);
  const catalogue = usePermissionCatalogue();
  const held = usePermissions();
  const own = useOwnRole();
  const initialValues = useMemo(() => toFormValues(existing), [existing]);

  const tree = useMemo<PermissionNode[]>(
    () =>
      catalogue.data && held.data && !own.isPending
        ? grantableTree(catalogue.data, {
            held: new Set(held.data),
            ownAutoSync: new Set(own.autoSync),
            had: new Set(existing?.permissionCodes ?? []),
            hadAutoSync: new Set(existing?.autoSyncCodes ?? []),
          })
        : [],
    [catalogue.data, held.data, own.isPending, own.autoSync, existing],
  );
  const treeLoading = catalogue.isPending || held.isPending || own.isPending;

  const save = useMutation({
    mutationFn: (v: RoleFormValues) => {
      const body = toRoleBody(v, own.allOus);
      return existing ? api(role.roleUpdate, { id: existing.id, ...body }) : api(role.roleCreate, body);
    },
    onSuccess: async (_, v) => {
      release();
      void message.success(t('role.saved', { name: v.name.trim() }));
      // the acting staff's own role changes its own permissions and menu
      if (existing && existing.id === own.roleId) {
        void queryClient.invalidateQueries({ queryKey: shellKeys.permissions });
        void queryClient.invalidateQueries({ queryKey: shellKeys.navigation });
      }
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      void navigate(ROLE_LIST_PATH);
    },
  });
  const submit = async () => save.mutateAsync(await form.validateFields());

  return (
    <Card data-testid="role-form">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <PageTitle>{existing ? t('role.editTitle', { name: existing.name }) : t('role.createTitle')}</PageTitle>
        <BackLink />
      </Flex>
      <Form<RoleFormValues>
        form={form}
        name="role-form"
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        style={{ maxWidth: 960 }}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="name"
              label={t('role.name')}
              rules={[{ ...requiredRule(t('role.name')), whitespace: true }, zodRule(fields.name, t('role.name'))]}
            >
              <Input maxLength={64} autoComplete="off" data-testid="role-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={own.allOus ? 10 : 16}>
            <Form.Item name="description" label={t('role.description')} rules={[zodRule(fields.description, t('role.description'))]}>
              <Input maxLength={200} showCount autoComplete="off" data-testid="role-description" />
            </Form.Item>
          </Col>
          {own.allOus && (
            <Col xs={24} md={6}>
              <Form.Item name="allOus" label={t('role.allOus')} valuePropName="checked" tooltip={t('role.allOusHint')}>
                <Switch data-testid="role-all-ous" />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Form.Item name="permissions" label={t('role.permissions')} extra={t('role.permissionsHint')}>
          <PermissionField tree={tree} loading={treeLoading} />
        </Form.Item>
        <Space>
          <ConfirmButton type="primary" onClick={submit} data-testid="role-form-submit">
            {t('common.save')}
          </ConfirmButton>
          <Button onClick={() => void navigate(ROLE_LIST_PATH)}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
