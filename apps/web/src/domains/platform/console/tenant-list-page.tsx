import { useState } from 'react';
import { App as AntApp, Button, Descriptions, Divider, Flex, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { platform as platformSchemas } from '@energy/contracts';
import { platform } from '@energy/contracts/refs';
import type { RefInput, RefOutput } from '@energy/contracts/refs-types';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { FormDialog } from '../../../shared/form-dialog';
import { requiredRule, zodRule } from '../../../shared/form/zod-rule';
import { formatDateTime } from '../../../shared/format';
import { TitleInZone } from '../../../shared/time-zone';
import { CONSOLE_ZONE } from './queries';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
import { consoleKeys, formatBytes, type TenantRow } from './queries';
import './texts';

interface Filter {
  keyword?: string;
  status?: 0 | 1;
}
type CreateBody = RefInput<typeof platform.tenantCreate>;
type Created = RefOutput<typeof platform.tenantCreate>;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
/** Every IANA zone the browser knows, for the time-zone select (the server checks the same way). */
const zoneOptions = () => {
  const zones = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')].map((z) => ({ value: z, label: z }));
};

/** The new tenant: code, name, kind, time zone, platform settings and the first administrator. */
function TenantDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (created: Created) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateBody>();
  const queryClient = useQueryClient();
  const save = async () => {
    const values = await form.validateFields();
    const created = await api(platform.tenantCreate, values);
    await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
    onClose();
    onCreated(created);
  };
  const required = (label: string) => [requiredRule(label)];
  return (
    <FormDialog
      title={t('console.tenant.createTitle')}
      width={640}
      onCancel={onClose}
      onSave={() => save().catch(() => undefined)}
      saveTestId="tenant-save"
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ sideType: 1, timeZone: browserZone() }}
        data-testid="tenant-form"
      >
        <Flex gap={16}>
          <Form.Item
            name="code"
            label={t('console.tenant.code')}
            extra={t('console.tenant.codeHint')}
            style={{ flex: 1 }}
            rules={[...required(t('console.tenant.code')), zodRule(platformSchemas.tenantCode, t('console.tenant.code'))]}
          >
            <Input maxLength={32} data-testid="tenant-code" />
          </Form.Item>
          <Form.Item name="name" label={t('console.tenant.name')} style={{ flex: 1 }} rules={required(t('console.tenant.name'))}>
            <Input maxLength={64} data-testid="tenant-name" />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="sideType" label={t('console.tenant.sideType')} style={{ flex: 1 }}>
            <Select
              data-testid="tenant-side-type"
              options={[
                { value: 1, label: t('console.tenant.sideType1') },
                { value: 2, label: t('console.tenant.sideType2') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="timeZone"
            label={t('console.tenant.timeZone')}
            style={{ flex: 1 }}
            rules={[...required(t('console.tenant.timeZone')), zodRule(platformSchemas.timeZone, t('console.tenant.timeZone'))]}
          >
            <Select showSearch options={zoneOptions()} data-testid="tenant-time-zone" />
          </Form.Item>
        </Flex>
        <Divider titlePlacement="start">{t('console.tenant.settings')}</Divider>
        <Flex gap={16}>
          <Form.Item
            name="platformName"
            label={t('console.tenant.platformName')}
            style={{ flex: 1 }}
            rules={required(t('console.tenant.platformName'))}
          >
            <Input maxLength={64} data-testid="tenant-platform-name" />
          </Form.Item>
          <Form.Item name="platformSloganName" label={t('console.tenant.platformSlogan')} style={{ flex: 1 }}>
            <Input maxLength={64} />
          </Form.Item>
        </Flex>
        <Divider titlePlacement="start">{t('console.tenant.admin')}</Divider>
        <Flex gap={16}>
          <Form.Item
            name={['admin', 'username']}
            label={t('console.tenant.adminUsername')}
            style={{ flex: 1 }}
            rules={required(t('console.tenant.adminUsername'))}
          >
            <Input maxLength={64} autoComplete="off" data-testid="tenant-admin-username" />
          </Form.Item>
          <Form.Item
            name={['admin', 'name']}
            label={t('console.tenant.adminName')}
            style={{ flex: 1 }}
            rules={required(t('console.tenant.adminName'))}
          >
            <Input maxLength={64} data-testid="tenant-admin-name" />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name={['admin', 'phone']} label={t('console.tenant.adminPhone')} style={{ flex: 1 }}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name={['admin', 'email']} label={t('console.tenant.adminEmail')} style={{ flex: 1 }} rules={[{ type: 'email' }]}>
            <Input maxLength={128} />
          </Form.Item>
        </Flex>
      </Form>
    </FormDialog>
  );
}

/** The first administrator's username and one-time password: shown once, with a copy button. */
function OneTimePasswordDialog({ created, onClose }: { created: Created; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const copy = () =>
    navigator.clipboard
      .writeText(`${created.admin.username}\n${created.admin.oneTimePassword}`)
      .then(() => void message.success(t('console.tenant.copied')))
      .catch(() => undefined);
  return (
    <Modal
      open
      title={t('console.tenant.createdTitle', { code: created.code })}
      closable={false}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose} data-testid="one-time-done">
          {t('console.tenant.done')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('console.tenant.oneTimeHint')}</Typography.Paragraph>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('console.tenant.username')}>
          <Typography.Text data-testid="one-time-username">{created.admin.username}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('console.tenant.oneTimePassword')}>
          <Typography.Text code data-testid="one-time-password">
            {created.admin.oneTimePassword}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Button icon={<CopyOutlined />} style={{ marginTop: 12 }} onClick={() => void copy()} data-testid="one-time-copy">
        {t('console.tenant.copy')}
      </Button>
    </Modal>
  );
}

/** The platform's tenants with their usage; create (with the first administrator), disable and enable. */
export default function TenantListPage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [created, setCreated] = useState<Created | null>(null);
  const setStatus = (row: TenantRow, status: 0 | 1) => api(platform.tenantStatus, { id: row.id, status });
  const num = (key: keyof TenantRow['usage'], title: string): ListColumn<TenantRow> => ({
    key,
    title,
    width: 90,
    align: 'right',
    render: (_: unknown, r) => r.usage[key],
  });
  const columns: ListColumn<TenantRow>[] = [
    {
      key: 'code',
      title: t('console.tenant.code'),
      dataIndex: 'code',
      width: 120,
      showForce: true,
      render: (v: string | null) => v ?? '—',
    },
    { key: 'name', title: t('console.tenant.name'), dataIndex: 'name', width: 200 },
    {
      key: 'sideType',
      title: t('console.tenant.sideType'),
      dataIndex: 'sideType',
      width: 130,
      render: (v: 1 | 2) => <Tag color={v === 2 ? 'purple' : undefined}>{t(`console.tenant.sideType${v}`)}</Tag>,
    },
    {
      key: 'status',
      title: t('console.tenant.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: 0 | 1) => <Tag color={v === 0 ? 'green' : 'default'}>{t(`console.tenant.status${v}`)}</Tag>,
    },
    { key: 'timeZone', title: t('console.tenant.timeZone'), dataIndex: 'timeZone', width: 160 },
    { key: 'platformName', title: t('console.tenant.platformName'), dataIndex: 'platformName', width: 160 },
    num('staff', t('console.tenant.staff')),
    num('devices', t('console.tenant.devices')),
    num('stations', t('console.tenant.stations')),
    num('ous', t('console.tenant.ous')),
    {
      key: 'fileBytes',
      title: t('console.tenant.fileBytes'),
      width: 110,
      align: 'right',
      render: (_: unknown, r) => formatBytes(r.usage.fileBytes),
    },
    {
      key: 'lastSignIn',
      title: t('console.tenant.lastSignIn'),
      width: 150,
      render: (_: unknown, r) => (r.usage.lastSignIn ? formatDateTime(r.usage.lastSignIn, CONSOLE_ZONE) : '—'),
    },
    {
      key: 'created',
      title: t('console.tenant.created'),
      dataIndex: 'createdAt',
      width: 150,
      render: (v: string) => formatDateTime(v, CONSOLE_ZONE),
    },
  ];
  return (
    <EntityListPage<TenantRow, Filter>
      title={<TitleInZone title={t('console.tenants')} zone={CONSOLE_ZONE} />}
      testId="tenant-list"
      cacheKey="platform.tenants"
      queryKey={consoleKeys.page(platform.tenantPage)}
      invalidate={[consoleKeys.all]}
      fetch={(body: ListBody<Filter>) => api(platform.tenantPage, body)}
      filters={[
        { name: 'keyword', label: t('console.tenant.keyword'), node: <Input allowClear maxLength={64} data-testid="tenant-keyword" /> },
        {
          name: 'status',
          label: t('console.tenant.status'),
          node: (
            <Select
              allowClear
              options={[
                { value: 0, label: t('console.tenant.status0') },
                { value: 1, label: t('console.tenant.status1') },
              ]}
            />
          ),
        },
      ]}
      columns={columns}
      actionsWidth={110}
      actions={[
        {
          key: 'disable',
          label: t('console.tenant.disable'),
          danger: true,
          testId: (r) => `tenant-disable-${r.code ?? r.id}`,
          hidden: (r) => r.status === 1,
          confirm: {
            title: (r) => t('console.tenant.disableTitle', { name: r.name }),
            content: t('console.tenant.disableContent'),
            okText: t('console.tenant.disable'),
            testId: 'tenant-disable-confirm',
            run: (r) => setStatus(r, 1),
            done: (r) => t('console.tenant.disabled', { name: r.name }),
          },
        },
        {
          key: 'enable',
          label: t('console.tenant.enable'),
          testId: (r) => `tenant-enable-${r.code ?? r.id}`,
          hidden: (r) => r.status === 0,
          onClick: async (r, ctx) => {
            await setStatus(r, 0);
            void message.success(t('console.tenant.enabled', { name: r.name }));
            await ctx.refresh();
          },
        },
      ]}
      create={{ label: t('console.tenant.create'), testId: 'tenant-create' }}
      excel={{ name: 'tenants', exportRef: platform.tenantExport, exportTestId: 'tenant-export' }}
      dialog={(_row, close) => <TenantDialog onClose={close} onCreated={setCreated} />}
    >
      {created && <OneTimePasswordDialog created={created} onClose={() => setCreated(null)} />}
    </EntityListPage>
  );
}
