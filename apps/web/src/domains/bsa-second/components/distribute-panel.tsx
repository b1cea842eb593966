import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Space, Table, Tag } from 'antd';
import { bsaSecond as contract } from '@energy/contracts';
import { bsaSecond } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { useGranted } from '../../../shared/entity-list/permissions';
import { zodRule } from '../../../shared/form/zod-rule';
import { UploadField } from '../../../shared/upload/upload-field';
import { secondKeys, type Distribution, type FcsRow, type FirmwareState } from '../queries';
import { DistributionProgress } from './distribution-progress';
import { StateTag } from './state-tag';

interface Values {
  fileKey: string | null;
  softwareVersion: string;
}

/**
 * A new distribution: the package (uploaded to the file center, which computes its SHA-256), the version
 * it installs and the FCS to update; then the targets' live states.
 */
export function DistributePanel() {
  const { t } = useTranslation();
  const granted = useGranted();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [selected, setSelected] = useState<number[]>([]);
  const [distribution, setDistribution] = useState<Distribution | null>(null);
  const [sending, setSending] = useState(false);
  const fcs = useQuery({
    queryKey: [...secondKeys.fcs, { pageSize: 100, pageOffset: 1 }],
    queryFn: () => api(bsaSecond.fcsPage, { pageSize: 100, pageOffset: 1 }),
    refetchInterval: 5000,
  });
  const canSend = granted('b-bsa-firmware-distribute');

  const send = async () => {
    const values = await form.validateFields();
    setSending(true);
    try {
      const made = await api(bsaSecond.distribute, {
        fileKey: values.fileKey!,
        softwareVersion: values.softwareVersion,
        fcsDeviceIds: selected,
      });
      setDistribution(made);
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: secondKeys.all });
    } finally {
      setSending(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Form<Values> form={form} layout="inline" initialValues={{ fileKey: null, softwareVersion: '' }}>
        <Form.Item name="fileKey" label={t('bsaSecond.package')} rules={[{ required: true }]}>
          <UploadField accept=".zip" maxSizeMb={10} listType="text" />
        </Form.Item>
        <Form.Item
          name="softwareVersion"
          label={t('bsaSecond.targetVersion')}
          rules={[{ required: true }, zodRule(contract.versionText, t('bsaSecond.targetVersion'))]}
        >
          <Input style={{ width: 140 }} maxLength={32} data-testid="firmware-version" />
        </Form.Item>
        {canSend && (
          <Form.Item>
            <Button
              type="primary"
              onClick={() => void send()}
              loading={sending}
              disabled={!selected.length}
              data-testid="firmware-distribute"
            >
              {t('bsaSecond.distribute')} ({selected.length})
            </Button>
          </Form.Item>
        )}
      </Form>
      <Alert type="info" showIcon message={t('bsaSecond.chooseFcs')} />
      <Table<FcsRow>
        size="small"
        rowKey="deviceId"
        data-testid="firmware-fcs"
        loading={fcs.isPending}
        pagination={false}
        dataSource={fcs.data?.list ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (r) => ({ disabled: !!r.updating, 'data-testid': `fcs-select-${r.code}` }) as never,
        }}
        columns={[
          { key: 'code', title: t('bsaSecond.fcs'), dataIndex: 'code', width: 160 },
          { key: 'station', title: t('bsaSecond.station'), width: 160, render: (_, r) => r.station?.code ?? '-' },
          {
            key: 'online',
            title: t('bsaSecond.status'),
            width: 90,
            render: (_, r) => <Tag color={r.online ? 'green' : 'default'}>{t(r.online ? 'bsaSecond.online' : 'bsaSecond.offline')}</Tag>,
          },
          { key: 'sw', title: t('bsaSecond.softwareVersion'), width: 130, render: (_, r) => r.softwareVersion ?? t('bsaSecond.unknown') },
          { key: 'hw', title: t('bsaSecond.hardwareVersion'), width: 130, render: (_, r) => r.hardwareVersion ?? t('bsaSecond.unknown') },
          {
            key: 'updating',
            title: t('bsaSecond.state'),
            render: (_, r) =>
              r.updating ? (
                <Space>
                  <StateTag state={r.updating.state as FirmwareState} />
                  {r.updating.softwareVersion}
                </Space>
              ) : (
                '-'
              ),
          },
        ]}
      />
      {distribution && <DistributionProgress distribution={distribution} />}
    </Flex>
  );
}
