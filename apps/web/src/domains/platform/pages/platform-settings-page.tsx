import { useEffect } from 'react';
import { Alert, App as AntApp, Button, Card, Flex, Form, Input, Radio } from 'antd';
import { platform as schemas } from '@energy/contracts';
import { platform } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shellKeys, useHasPermission } from '../../../shared/current-staff';
import { api } from '../../../shared/api/client';
import { ConfirmButton } from '../../../shared/confirm-button';
import { useUnsavedGuard } from '../../../shared/form/unsaved-guard';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { PageTitle } from '../../../shared/page-title';
import { UploadField } from '../../../shared/upload/upload-field';
import { platformChanged, TITLE_TYPES, toPlatformBody, toPlatformValues, type PlatformValues } from '../platform-form';
import '../texts';

const platformKeys = { detail: ['platform', 'detail'] as const };

const fields = schemas.platformSettingsUpdate.body!.shape;

/**
 * Settings › Platform: the tenant's platform name, header title type, slogan and icon. Read-only without
 * b-platform-edit. A save refreshes the current-user data, so the header title, the tab title and the
 * favicon follow at once.
 */
export default function PlatformSettingsPage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('b-platform-edit');
  const detail = useQuery({ queryKey: platformKeys.detail, queryFn: () => api(platform.platformSettingsDetail) });
  const [form] = Form.useForm<PlatformValues>();
  const values = Form.useWatch((v: PlatformValues) => v, form);
  const dirty = canEdit && platformChanged(values, detail.data);
  useUnsavedGuard(dirty);

  useEffect(() => {
    if (detail.data) form.setFieldsValue(toPlatformValues(detail.data));
  }, [detail.data, form]);

  const save = async () => {
    const v = await form.validateFields();
    const result = await api(platform.platformSettingsUpdate, toPlatformBody(v));
    queryClient.setQueryData(platformKeys.detail, result);
    void message.success(t('platform.saved'));
    // the header title, the tab title and the favicon read the current-user data
    await queryClient.invalidateQueries({ queryKey: shellKeys.current });
  };

  const label = (key: string) => t(`platform.${key}`);

  return (
    <Card data-testid="platform-settings">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <PageTitle>{t('platform.title')}</PageTitle>
        {canEdit && (
          <Flex gap={8}>
            <Button
              disabled={!dirty}
              onClick={() => detail.data && form.setFieldsValue(toPlatformValues(detail.data))}
              data-testid="platform-discard"
            >
              {t('platform.discard')}
            </Button>
            <ConfirmButton type="primary" disabled={!dirty} onClick={save} data-testid="platform-save">
              {t('common.save')}
            </ConfirmButton>
          </Flex>
        )}
      </Flex>
      {!canEdit && <Alert type="info" showIcon title={t('platform.readOnly')} style={{ marginBottom: 16 }} />}
      <Card loading={detail.isPending} variant="borderless" styles={{ body: { padding: 0 } }}>
        <Form<PlatformValues> form={form} layout="vertical" disabled={!canEdit} style={{ maxWidth: 640 }} data-testid="platform-form">
          <Form.Item
            name="platformName"
            label={label('name')}
            rules={[{ ...requiredRule(label('name')), whitespace: true }, zodRule(fields.platformName, label('name'))]}
          >
            <Input maxLength={64} autoComplete="off" data-testid="platform-name" />
          </Form.Item>
          <Form.Item name="platformTitleType" label={label('titleType')} extra={t('platform.titleTypeHint')}>
            <Radio.Group
              options={TITLE_TYPES.map((v) => ({ value: v, label: t(`platform.titleTypes.${v}`) }))}
              data-testid="platform-title-type"
            />
          </Form.Item>
          <Form.Item
            name="platformSloganName"
            label={label('slogan')}
            extra={t('platform.sloganHint')}
            rules={[zodRule(fields.platformSloganName, label('slogan'))]}
          >
            <Input maxLength={64} autoComplete="off" data-testid="platform-slogan" />
          </Form.Item>
          <Form.Item name="iconKey" label={label('icon')} extra={t('platform.iconHint')}>
            <UploadField listType="picture-card" accept=".jpg,.jpeg,.png" disabled={!canEdit} />
          </Form.Item>
        </Form>
      </Card>
    </Card>
  );
}
