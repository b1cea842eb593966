import { useState } from 'react';
import { App as AntApp, Button, Card, DatePicker, Flex, Form, Input, Select, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { audit } from '@energy/contracts/refs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api, ApiError, send } from '../../../shared/api/client';
import { PageTitle } from '../../../shared/page-title';
import { Authorized } from '../../../app/shell/permission';

interface Filter {
  range?: [Dayjs, Dayjs];
  call?: string;
  outcome?: 'ok' | 'error';
}

const PAGE_SIZES = [10, 20, 30, 50, 100];

const toBody = (f: Filter) => ({
  from: f.range?.[0]?.startOf('day').toISOString(),
  to: f.range?.[1]?.endOf('day').toISOString(),
  call: f.call?.trim() || undefined,
  outcome: f.outcome,
});

/** Who changed what, when, and with which outcome; exportable as CSV with the export permission. */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({});
  const [paging, setPaging] = useState({ pageSize: 20, pageOffset: 1 });
  const [exporting, setExporting] = useState(false);
  const query = useQuery({
    queryKey: ['audit', 'page', filter, paging],
    queryFn: () => api(audit.auditLogPage, { ...toBody(filter), ...paging }),
    placeholderData: keepPreviousData,
  });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const res = await send(audit.auditLogExport.method, audit.auditLogExport.path, JSON.stringify(toBody(filter)));
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { msg?: string } | null;
        throw new ApiError('http', res.status, null, body?.msg || t('errors.requestFailed'));
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `audit-log-${dayjs().format('YYYY-MM-DD')}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : t('errors.requestFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <PageTitle>{t('audit.title')}</PageTitle>
        <Authorized code="b-audit-export">
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="audit-export">
            {t('audit.export')}
          </Button>
        </Authorized>
      </Flex>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v) => {
          setFilter(v);
          setPaging((p) => ({ ...p, pageOffset: 1 }));
        }}
      >
        <Form.Item name="range" label={t('audit.range')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="call" label={t('audit.call')}>
          <Input allowClear maxLength={200} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="outcome" label={t('audit.outcome')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={[
              { value: 'ok', label: t('audit.ok') },
              { value: 'error', label: t('audit.error') },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('audit.query')}
        </Button>
        <Button
          style={{ marginLeft: 8 }}
          onClick={() => {
            form.resetFields();
            setFilter({});
            setPaging((p) => ({ ...p, pageOffset: 1 }));
          }}
        >
          {t('audit.reset')}
        </Button>
      </Form>
      <Table
        rowKey="id"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list ?? []}
        scroll={{ x: 1000 }}
        columns={[
          { title: t('audit.at'), dataIndex: 'at', width: 180, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
          { title: t('audit.user'), dataIndex: 'username', width: 120 },
          { title: t('audit.staff'), dataIndex: 'staffCode', width: 120 },
          { title: t('audit.call'), dataIndex: 'call', ellipsis: true },
          { title: t('audit.target'), dataIndex: 'target', ellipsis: true },
          {
            title: t('audit.outcome'),
            dataIndex: 'outcome',
            width: 110,
            render: (v: 'ok' | 'error') => <Tag color={v === 'ok' ? 'green' : 'red'}>{t(`audit.${v}`)}</Tag>,
          },
          { title: t('audit.code'), dataIndex: 'code', width: 90 },
          { title: t('audit.ip'), dataIndex: 'ip', width: 130 },
          { title: t('audit.duration'), dataIndex: 'durationMs', width: 120, align: 'right' },
        ]}
        pagination={{
          current: paging.pageOffset,
          pageSize: paging.pageSize,
          total: query.data?.totalCount ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (n) => t('audit.total', { n }),
          onChange: (pageOffset, pageSize) => setPaging({ pageOffset: pageSize === paging.pageSize ? pageOffset : 1, pageSize }),
        }}
      />
    </Card>
  );
}
