import { useEffect, useMemo, useState } from 'react';
import { App as AntApp, Col, Divider, Form, Input, Radio, Row, Select, Skeleton, TreeSelect, Typography } from 'antd';
import { staff as staffSchemas } from '@energy/contracts';
import { staff } from '@energy/contracts/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shellKeys } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { FormDialog } from '../../../shared/form-dialog';
import { useUnsavedGuard } from '../../../shared/form/unsaved-guard';
import { requiredRule, sameAs, zodRule } from '../../../shared/form/zod-rule';
import { MODAL_WIDTH } from '../../../shared/modal';
import { useCustomerOptions } from '../../../shared/pickers/customer-picker';
import { ouListKey, useOuList } from '../../../shared/pickers/ou-picker';
import { staffKeys, usePeople, useRoleOptions, type StaffRow } from '../queries';
import { toCreateBody, toFormValues, toUpdateBody, type StaffFormValues } from '../staff-form';
import '../texts';

const accountSchema = staffSchemas.staffCreate.body!.shape;
const personSchema = staffSchemas.newStaffUser.shape;
const SEARCH_DEBOUNCE_MS = 300;

/** The search text, settled for `ms` (the people list is searched on the server). */
function useSettled(text: string, ms: number) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

export interface StaffFormDialogProps {
  /** The staff to edit; none to create one. */
  editing?: StaffRow;
  /** The acting staff: editing its own account refreshes its permissions and menu. */
  ownStaffId?: number;
  onClose: () => void;
}

/**
 * Creates a staff account (width 640) for an existing person of the tenant or a new person, or edits
 * one's code, organisation, role and OUs. Mounted while open. The server's refusals (a taken code or
 * username, a role beyond the acting staff) come back as the shell's error modal; the dialog stays open.
 */
export function StaffFormDialog({ editing, ownStaffId, onClose }: StaffFormDialogProps) {
  const { t } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StaffFormValues>();
  const [dirty, setDirty] = useState(false);
  const { release } = useUnsavedGuard(dirty);
  const [search, setSearch] = useState('');
  const keyword = useSettled(search.trim(), SEARCH_DEBOUNCE_MS);
  const personKind = Form.useWatch('personKind', form) ?? 'existing';
  const roles = useRoleOptions();
  const ous = useOuList();
  const orgs = useCustomerOptions();
  const people = usePeople(keyword, !editing && personKind === 'existing');
  const visibleOuIds = useMemo(() => new Set((ous.data ?? []).map((o) => o.id)), [ous.data]);
  const start = useMemo(() => toFormValues(editing, visibleOuIds), [editing, visibleOuIds]);
  const label = (key: string) => t(`staffAdmin.${key}`);

  const save = useMutation({
    mutationFn: (v: StaffFormValues) =>
      editing ? api(staff.staffUpdate, toUpdateBody(editing.id, v)) : api(staff.staffCreate, toCreateBody(v)),
    onSuccess: async (_, v) => {
      release();
      void message.success(t('staffAdmin.saved', { code: v.staffCode.trim() }));
      // a change to one's own account changes one's own role, permissions, menu and visible OUs
      if (editing && editing.id === ownStaffId)
        for (const queryKey of [
          shellKeys.current,
          shellKeys.staffList,
          shellKeys.permissions,
          shellKeys.integrated,
          shellKeys.navigation,
          ouListKey,
        ])
          void queryClient.invalidateQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      onClose();
    },
  });
  const submit = async () => save.mutateAsync(await form.validateFields());
  const cancel = () =>
    dirty
      ? modal.confirm({
          width: MODAL_WIDTH.confirm,
          title: t('unsavedGuard.title'),
          content: t('unsavedGuard.message'),
          okText: t('unsavedGuard.leave'),
          cancelText: t('unsavedGuard.stay'),
          onOk: onClose,
        })
      : onClose();

  const personOptions = (people.data ?? []).map((p) => ({
    value: p.muid,
    label: `${p.name} (${p.username})`,
    codes: p.staff.map((s) => s.staffCode).join(', '),
  }));
  // an edit waits for the OUs: the form starts with the visible ones
  const ready = !editing || !!ous.data;

  return (
    <FormDialog
      width={MODAL_WIDTH.normal}
      title={editing ? t('staffAdmin.form.editTitle', { code: editing.staffCode }) : t('staffAdmin.form.createTitle')}
      onCancel={cancel}
      onSave={submit}
      saveDisabled={!ready}
      saveTestId="staff-form-submit"
    >
      {!ready ? (
        <Skeleton active />
      ) : (
        <Form<StaffFormValues>
          form={form}
          name="staff-form"
          layout="vertical"
          initialValues={start.values}
          onValuesChange={() => setDirty(true)}
          data-testid="staff-form"
        >
          {editing ? (
            <Form.Item label={t('staffAdmin.form.person')}>
              <Typography.Text data-testid="staff-form-person">
                {editing.name} ({editing.username})
              </Typography.Text>
            </Form.Item>
          ) : (
            <>
              <Form.Item name="personKind" label={t('staffAdmin.form.person')}>
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  options={[
                    { value: 'existing', label: t('staffAdmin.form.existing') },
                    { value: 'new', label: t('staffAdmin.form.newPerson') },
                  ]}
                  data-testid="staff-form-person-kind"
                />
              </Form.Item>
              {personKind === 'existing' ? (
                <Form.Item name="muid" rules={[requiredRule(t('staffAdmin.form.person'))]}>
                  <Select
                    showSearch={{ filterOption: false, onSearch: setSearch }}
                    placeholder={t('staffAdmin.form.pickPerson')}
                    loading={people.isFetching}
                    options={personOptions}
                    optionRender={(o) => (
                      <div>
                        <div>{o.data.label}</div>
                        {o.data.codes && (
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {t('staffAdmin.form.hasStaff', { codes: o.data.codes })}
                          </Typography.Text>
                        )}
                      </div>
                    )}
                    data-testid="staff-form-existing"
                  />
                </Form.Item>
              ) : (
                <Row gutter={16}>
                  <Col span={12}>
                    <Form.Item
                      name="username"
                      label={label('username')}
                      tooltip={t('staffAdmin.form.usernameHint')}
                      rules={[requiredRule(label('username')), zodRule(personSchema.username, label('username'))]}
                    >
                      <Input maxLength={32} autoComplete="off" data-testid="staff-form-username" />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item
                      name="name"
                      label={label('name')}
                      rules={[{ ...requiredRule(label('name')), whitespace: true }, zodRule(personSchema.name, label('name'))]}
                    >
                      <Input maxLength={50} autoComplete="off" data-testid="staff-form-name" />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item
                      name="password"
                      label={t('staffAdmin.form.password')}
                      tooltip={t('staffAdmin.form.passwordHint')}
                      rules={[requiredRule(t('staffAdmin.form.password')), zodRule(personSchema.password, t('staffAdmin.form.password'))]}
                    >
                      <Input.Password maxLength={64} autoComplete="new-password" data-testid="staff-form-password" />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item
                      name="passwordAgain"
                      label={t('staffAdmin.form.passwordAgain')}
                      dependencies={['password']}
                      rules={[requiredRule(t('staffAdmin.form.passwordAgain')), sameAs('password', t('staffAdmin.form.passwordMismatch'))]}
                    >
                      <Input.Password maxLength={64} autoComplete="new-password" data-testid="staff-form-password-again" />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item
                      name="phone"
                      label={t('staffAdmin.form.phone')}
                      rules={[zodRule(personSchema.phone, t('staffAdmin.form.phone'))]}
                    >
                      <Input maxLength={20} autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item
                      name="email"
                      label={t('staffAdmin.form.email')}
                      rules={[zodRule(personSchema.email, t('staffAdmin.form.email'))]}
                    >
                      <Input maxLength={254} autoComplete="off" />
                    </Form.Item>
                  </Col>
                </Row>
              )}
              <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
                {t('staffAdmin.form.account')}
              </Divider>
            </>
          )}
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="staffCode"
                label={label('staffCode')}
                tooltip={t('staffAdmin.form.staffCodeHint')}
                rules={[{ ...requiredRule(label('staffCode')), whitespace: true }, zodRule(accountSchema.staffCode, label('staffCode'))]}
              >
                <Input maxLength={32} autoComplete="off" data-testid="staff-form-code" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="roleId" label={label('role')} rules={[requiredRule(label('role'))]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={roles.isPending}
                  options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                  data-testid="staff-form-role"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="customerMcid" label={label('customer')} rules={[requiredRule(label('customer'))]}>
                <TreeSelect
                  treeData={orgs.data ?? []}
                  treeDefaultExpandAll
                  showSearch={{ treeNodeFilterProp: 'title' }}
                  loading={orgs.isPending}
                  data-testid="staff-form-customer"
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="ouIds"
                label={label('ous')}
                extra={start.hiddenOuCount > 0 ? t('staffAdmin.form.hiddenOus', { count: start.hiddenOuCount }) : undefined}
              >
                <Select
                  mode="multiple"
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={ous.isPending}
                  options={(ous.data ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.customerName})` }))}
                  data-testid="staff-form-ous"
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      )}
    </FormDialog>
  );
}
