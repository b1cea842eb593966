import { App as AntApp, DatePicker, Form, Input, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { platform } from '@energy/contracts/refs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { EntityListPage } from '../../../shared/entity-list/entity-list-page';
import { FormDialog } from '../../../shared/form-dialog';
import { requiredRule } from '../../../shared/form/zod-rule';
import { formatDateTime } from '../../../shared/format';
import { TitleInZone } from '../../../shared/time-zone';
import { CONSOLE_ZONE } from './queries';
import type { ListBody } from '../../../shared/list-page/use-list-query';
import type { ListColumn } from '../../../shared/table/list-table';
import { consoleKeys, pageOfAll, type ChannelLinkRow } from './queries';
import './texts';

interface Filter {
  keyword?: string;
}
interface LinkValues {
  providerTenantId: string;
  customerTenantId: string;
  consentBy: string;
  consentAt: Dayjs;
  consentReference?: string;
}

/** The tenants to link (the console's first 100 by name): providers are those of side type 2. */
function useTenantOptions() {
  const body = { pageSize: 100, pageOffset: 1 };
  return useQuery({ queryKey: consoleKeys.of(platform.tenantPage, body), queryFn: () => api(platform.tenantPage, body) });
}

/** A new link: provider, customer, and the customer's consent (who, when, a reference). */
function LinkDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<LinkValues>();
  const queryClient = useQueryClient();
  const tenants = useTenantOptions().data?.list ?? [];
  const save = async () => {
    const v = await form.validateFields();
    const row = await api(platform.channelLinkCreate, {
      providerTenantId: v.providerTenantId,
      customerTenantId: v.customerTenantId,
      consentBy: v.consentBy,
      consentAt: v.consentAt.format('YYYY-MM-DD'),
      consentReference: v.consentReference || undefined,
    });
    await queryClient.invalidateQueries({ queryKey: consoleKeys.all });
    void message.success(t('console.link.created_', { provider: row.providerName, customer: row.customerName }));
    onClose();
  };
  const option = (r: { id: string; name: string; code: string | null }) => ({
    value: r.id,
    label: r.code ? `${r.name} (${r.code})` : r.name,
  });
  return (
    <FormDialog
      title={t('console.link.createTitle')}
      width={560}
      onCancel={onClose}
      onSave={() => save().catch(() => undefined)}
      saveTestId="link-save"
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="providerTenantId" label={t('console.link.provider')} rules={[requiredRule(t('console.link.provider'))]}>
          <Select
            showSearch
            optionFilterProp="label"
            data-testid="link-provider"
            options={tenants.filter((r) => r.sideType === 2).map(option)}
          />
        </Form.Item>
        <Form.Item name="customerTenantId" label={t('console.link.customer')} rules={[requiredRule(t('console.link.customer'))]}>
          <Select showSearch optionFilterProp="label" data-testid="link-customer" options={tenants.map(option)} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('console.link.consentHint')}</Typography.Paragraph>
        <Form.Item name="consentBy" label={t('console.link.consentBy')} rules={[requiredRule(t('console.link.consentBy'))]}>
          <Input maxLength={64} data-testid="link-consent-by" />
        </Form.Item>
        <Form.Item name="consentAt" label={t('console.link.consentAt')} rules={[requiredRule(t('console.link.consentAt'))]}>
          <DatePicker style={{ width: '100%' }} data-testid="link-consent-at" />
        </Form.Item>
        <Form.Item name="consentReference" label={t('console.link.consentReference')}>
          <Input maxLength={128} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/** Which service provider operates for which customer tenant, with the customer's consent; link and unlink. */
export default function ChannelLinkPage() {
  const { t } = useTranslation();
  const columns: ListColumn<ChannelLinkRow>[] = [
    { key: 'provider', title: t('console.link.provider'), dataIndex: 'providerName', width: 200, showForce: true },
    { key: 'customer', title: t('console.link.customer'), dataIndex: 'customerName', width: 200 },
    { key: 'consentBy', title: t('console.link.consentBy'), dataIndex: 'consentBy', width: 160, render: (v: string | null) => v ?? '—' },
    {
      key: 'consentAt',
      title: t('console.link.consentAt'),
      dataIndex: 'consentAt',
      width: 120,
      render: (v: string | null) => v?.slice(0, 10) ?? '—',
    },
    {
      key: 'consentReference',
      title: t('console.link.consentReference'),
      dataIndex: 'consentReference',
      width: 160,
      render: (v: string | null) => v ?? '—',
    },
    {
      key: 'created',
      title: t('console.link.created'),
      dataIndex: 'createdAt',
      width: 150,
      render: (v: string) => formatDateTime(v, CONSOLE_ZONE),
    },
  ];
  return (
    <EntityListPage<ChannelLinkRow, Filter>
      title={<TitleInZone title={t('console.links')} zone={CONSOLE_ZONE} />}
      testId="channel-link-list"
      cacheKey="platform.channel-links"
      rowKey={(r) => `${r.providerTenantId}:${r.customerTenantId}`}
      queryKey={consoleKeys.page(platform.channelLinkList)}
      invalidate={[consoleKeys.all]}
      fetch={(body: ListBody<Filter>) => api(platform.channelLinkList, { keyword: body.keyword }).then((rows) => pageOfAll(rows, body))}
      filters={[{ name: 'keyword', label: t('console.link.keyword'), node: <Input allowClear maxLength={64} /> }]}
      columns={columns}
      actionsWidth={110}
      actions={[
        {
          key: 'delete',
          label: t('console.link.delete'),
          danger: true,
          testId: (r) => `link-delete-${r.customerName}`,
          confirm: {
            title: (r) => t('console.link.deleteTitle', { provider: r.providerName, customer: r.customerName }),
            content: t('console.link.deleteContent'),
            okText: t('console.link.delete'),
            testId: 'link-delete-confirm',
            run: (r) => api(platform.channelLinkDelete, { providerTenantId: r.providerTenantId, customerTenantId: r.customerTenantId }),
            done: (r) => t('console.link.deleted', { provider: r.providerName, customer: r.customerName }),
          },
        },
      ]}
      create={{ label: t('console.link.create'), testId: 'link-create' }}
      excel={{ name: 'channel-links', exportRef: platform.channelLinkExport, exportTestId: 'link-export' }}
      dialog={(_row, close) => <LinkDialog onClose={close} />}
    />
  );
}
