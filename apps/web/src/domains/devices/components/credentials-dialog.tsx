import { Alert, App as AntApp, Button, Descriptions, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { device } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../shared/modal';
import '../texts';

export type IssuedCredentials = RefOutput<typeof device.deviceCredentialsIssue>;

/**
 * The MQTT credentials just issued, shown once: the password is not kept by the server, so the dialog
 * says so, offers copy buttons, and closes only through its button (no click beside it).
 */
export function CredentialsDialog({ name, issued, onClose }: { name: string; issued: IssuedCredentials | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const rows = issued
    ? ([
        ['username', issued.username],
        ['password', issued.password],
        ['topic', issued.topic],
        ['statusTopic', issued.statusTopic],
        ['commandTopic', issued.commandTopic],
      ] as const)
    : [];
  const copyAll = async () => {
    const text = rows.map(([key, value]) => `${t(`devices.credentials.${key}`)}: ${value}`).join('\n');
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('devices.credentials.copied'));
    } catch {
      // no clipboard access (a plain-http address): each value still has its own copy button
      void message.error(t('devices.credentials.copyFailed'));
    }
  };
  return (
    <Modal
      open={!!issued}
      width={MODAL_WIDTH.normal}
      title={t('devices.credentials.title', { name })}
      maskClosable={false}
      keyboard={false}
      closable={false}
      onCancel={onClose}
      rootClassName="credentials-dialog"
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={() => void copyAll()}>
          {t('devices.credentials.copyAll')}
        </Button>,
        <Button key="done" type="primary" onClick={onClose} data-testid="credentials-done">
          {t('devices.credentials.done')}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon title={t('devices.credentials.warning')} style={{ marginBottom: 16 }} />
      <Descriptions
        column={1}
        size="small"
        bordered
        items={rows.map(([key, value]) => ({
          key,
          label: t(`devices.credentials.${key}`),
          children: (
            <Typography.Text copyable={{ text: value }} code data-testid={`credentials-${key}`}>
              {value}
            </Typography.Text>
          ),
        }))}
      />
    </Modal>
  );
}
