import { useEffect, useRef } from 'react';
import { Alert, Button, Flex, Modal, Progress, Table, Typography } from 'antd';
import { jobs } from '@energy/contracts/refs';
import type { EndpointRef, RefInput, RefOutput } from '@energy/contracts/refs-types';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { downloadFile } from '../api/download';
import { MODAL_WIDTH } from '../modal';
import { queryKeyOf } from '../query-keys';
import { uiLang } from './export-buttons';
import './texts';

export type JobRow = RefOutput<typeof jobs.jobDetail>;

/** How often a running job is asked for (ms). */
export const JOB_POLL_MS = 1000;

export interface ImportJobDialogProps {
  id: string;
  /** The job as the import call answered it (none when resuming after the page opened again). */
  initial?: JobRow | null;
  open: boolean;
  /** The entity name of the problems workbook's file name. */
  name: string;
  jobRef?: EndpointRef;
  problemsRef?: EndpointRef;
  /** The job is over (done or failed, or gone): it is no longer running. */
  onFinished: (job: JobRow | null) => void;
  onClose: () => void;
}

const percent = (job: JobRow) => (job.total > 0 ? Math.floor((job.processed / job.total) * 100) : 0);

/**
 * An import's progress: polls the job every second while it runs (antd Progress, processed / total),
 * then says how many rows were imported, or lists the problems (row, column, message) with a link to the
 * uploaded file with the bad cells marked.
 */
export function ImportJobDialog({
  id,
  initial,
  open,
  name,
  jobRef = jobs.jobDetail,
  problemsRef = jobs.jobProblems,
  onFinished,
  onClose,
}: ImportJobDialogProps) {
  const { t, i18n } = useTranslation();
  const job = useQuery({
    queryKey: queryKeyOf(jobRef, { id } as RefInput<EndpointRef>),
    queryFn: () => api(jobRef, { id } as RefInput<EndpointRef>, { quiet: true }) as Promise<JobRow>,
    initialData: initial ?? undefined,
    // an answer that is already over is not asked again; a running one is asked every second
    enabled: !initial || initial.status === 'running',
    staleTime: Infinity,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'running' ? false : JOB_POLL_MS),
    retry: false,
  });
  const data = job.data;
  const over = job.isError || (data !== undefined && data.status !== 'running');
  const reported = useRef(false);
  useEffect(() => {
    if (!over || reported.current) return;
    reported.current = true;
    onFinished(job.isError ? null : (data ?? null));
  }, [over, data, job.isError, onFinished]);

  const body = () => {
    if (job.isError) return <Alert type="error" showIcon title={job.error.message} data-testid="excel-job-error" />;
    if (!data) return <Typography.Text>{t('excel.starting')}</Typography.Text>;
    if (data.status === 'running')
      return (
        <Flex vertical gap={8} data-testid="excel-job-running">
          <Typography.Text>{t('excel.running', { processed: data.processed, total: data.total })}</Typography.Text>
          <Progress percent={percent(data)} status="active" data-testid="excel-job-progress" />
          <Typography.Text type="secondary">{t('excel.background')}</Typography.Text>
        </Flex>
      );
    if (data.status === 'done')
      return <Alert type="success" showIcon title={t('excel.done', { n: data.imported })} data-testid="excel-job-done" />;
    return (
      <Flex vertical gap={12} data-testid="excel-job-failed">
        <Alert
          type="error"
          showIcon
          title={data.message ?? t('excel.failed')}
          description={
            data.problemCount > 0
              ? `${t('excel.problemCount', { n: data.problemCount })}${data.problemCount > data.problems.length ? ` ${t('excel.problemsListed', { n: data.problems.length })}` : ''}`
              : undefined
          }
        />
        {data.problemCount > 0 && (
          <>
            <Typography.Link
              onClick={() =>
                void downloadFile(problemsRef, { id, lang: uiLang(i18n.language) } as RefInput<EndpointRef>, `${name}-problems.xlsx`)
              }
              data-testid="excel-job-problems-file"
            >
              {t('excel.problemsWorkbook')}
            </Typography.Link>
            <div data-testid="excel-job-problems">
              <Table
                size="small"
                rowKey={(p) => `${p.row}-${p.column}-${p.message}`}
                dataSource={data.problems}
                pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
                columns={[
                  { key: 'row', title: t('excel.row'), dataIndex: 'row', width: 70 },
                  { key: 'column', title: t('excel.column'), dataIndex: 'column', width: 160 },
                  { key: 'message', title: t('excel.message'), dataIndex: 'message' },
                ]}
              />
            </div>
          </>
        )}
      </Flex>
    );
  };

  return (
    <Modal
      open={open}
      width={MODAL_WIDTH.normal}
      title={t('excel.importTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('excel.close')}</Button>}
      data-testid="excel-job-dialog"
    >
      {body()}
    </Modal>
  );
}
