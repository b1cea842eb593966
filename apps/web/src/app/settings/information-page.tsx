import { App as AntApp, Button, Form, Input, Radio } from 'antd';
import { account } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';
import { PageSpinner } from '../../shared/page-spinner';
import { requiredRule } from '../../shared/form/zod-rule';
import { UploadField } from '../../shared/upload/upload-field';
import { shellKeys, useProfile } from '../shell/shell-data';
import { SettingsCard } from './settings-card';

interface Values {
  name: string;
  gender: 0 | 1 | null;
  phone: string;
  email: string;
  headPic: string | null;
}

/** Name, gender, phone, email and head picture of the signed-in person. */
export default function InformationPage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const profile = useProfile();
  if (!profile.data) return <PageSpinner />;
  const me = profile.data;

  const submit = async (v: Values) => {
    await api(account.updatePersonalInfo, {
      name: v.name,
      gender: v.gender,
      phone: v.phone || null,
      email: v.email || null,
      headPic: v.headPic,
    });
    await Promise.all([shellKeys.current, shellKeys.profile].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    void message.success(t('settings.infoSaved'));
  };

  return (
    <SettingsCard title={t('settings.information')}>
      <Form<Values>
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: me.name, gender: me.gender, phone: me.phone ?? '', email: me.email ?? '', headPic: me.headPic }}
        onFinish={(v) => submit(v).catch(() => undefined)}
      >
        <Form.Item name="headPic" label={t('settings.headPic')}>
          <UploadField listType="picture-card" />
        </Form.Item>
        <Form.Item label={t('settings.username')}>
          <Input value={me.username} disabled />
        </Form.Item>
        <Form.Item name="name" label={t('settings.name')} rules={[{ ...requiredRule(t('settings.name')), whitespace: true }, { max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="gender" label={t('settings.gender')}>
          <Radio.Group
            options={[
              { value: 0, label: t('settings.male') },
              { value: 1, label: t('settings.female') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('settings.phone')}
          rules={[{ pattern: /^\+?[0-9 ()-]{5,20}$/, message: t('settings.invalidPhone') }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="email" label={t('settings.email')} rules={[{ type: 'email', message: t('settings.invalidEmail') }]}>
          <Input maxLength={254} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.save')}
        </Button>
      </Form>
    </SettingsCard>
  );
}
