import { useState } from 'react';
import { App as AntApp, Avatar, Button, Flex, Form, Input, Radio, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { account, files } from '@energy/contracts/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, upload } from '../../shared/api/client';
import { PageSpinner } from '../../shared/page-spinner';
import { requiredRule } from '../../shared/form/zod-rule';
import { checkUpload, DEFAULT_UPLOAD_RULES } from '../../shared/upload/upload-checks';
import { shellKeys, useProfile } from '../shell/shell-data';
import { SettingsCard } from './settings-card';

interface Values {
  name: string;
  gender: 0 | 1 | null;
  phone: string;
  email: string;
}

/** Name, gender, phone, email and head picture of the signed-in person. */
export default function InformationPage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const [headPic, setHeadPic] = useState<{ key: string | null; url: string | null } | null>(null);
  const [uploading, setUploading] = useState(false);
  if (!profile.data) return <PageSpinner />;
  const me = profile.data;
  const pic = headPic ?? { key: me.headPic, url: me.headPicUrl };

  const submit = async (v: Values) => {
    await api(account.updatePersonalInfo, {
      name: v.name,
      gender: v.gender,
      phone: v.phone || null,
      email: v.email || null,
      headPic: pic.key,
    });
    await Promise.all([shellKeys.current, shellKeys.profile].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    void message.success(t('settings.infoSaved'));
  };

  const beforeUpload = async (file: File) => {
    const refusal = await checkUpload(file);
    if (refusal) {
      void message.error(refusal);
      return false;
    }
    setUploading(true);
    try {
      const saved = await upload(files.fileUpload, file);
      setHeadPic({ key: saved.key, url: saved.url });
    } catch {
      void message.error(t('errors.uploadFailed', { name: file.name }));
    } finally {
      setUploading(false);
    }
    return false;
  };

  return (
    <SettingsCard title={t('settings.information')}>
      <Form<Values>
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: me.name, gender: me.gender, phone: me.phone ?? '', email: me.email ?? '' }}
        onFinish={(v) => submit(v).catch(() => undefined)}
      >
        <Form.Item label={t('settings.headPic')}>
          <Flex align="center" gap={16}>
            <Avatar size={64} src={pic.url ?? undefined} icon={<UserOutlined />} data-testid="head-pic" />
            <Upload accept={DEFAULT_UPLOAD_RULES.accept} showUploadList={false} beforeUpload={beforeUpload} maxCount={1}>
              <Button icon={<UploadOutlined />} loading={uploading}>
                {t('settings.upload')}
              </Button>
            </Upload>
            {pic.key && <Button onClick={() => setHeadPic({ key: null, url: null })}>{t('settings.remove')}</Button>}
          </Flex>
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
