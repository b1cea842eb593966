import { useCallback, useState } from 'react';
import { App as AntApp, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { EndpointRef } from '@energy/contracts/refs-types';
import { useTranslation } from 'react-i18next';
import { showError, upload } from '../api/client';
import { ImportJobDialog, type JobRow } from './import-job-dialog';
import { forgetRunningJob, readRunningJob, rememberRunningJob } from './running-job';
import './texts';

export interface ImportButtonProps {
  /** The entity's import ref (multipart, field `file`), answering a job row. */
  importRef: EndpointRef;
  /** Names the list whose running import is kept in sessionStorage (`energy.import.<list>`). */
  list: string;
  /** The entity name in file names. */
  name: string;
  /** Called once when an import is done (refresh the list). */
  onImported: () => unknown;
  /** Accepted files (default '.xlsx,.csv'). */
  accept?: string;
  jobRef?: EndpointRef;
  problemsRef?: EndpointRef;
  /** The import call's path parameters and query (the station an import goes into). */
  input?: Record<string, unknown>;
}

/**
 * Import of a list: uploads the chosen file to the import ref and follows the job it answers (dialog with
 * progress, outcome and problems). A running job's id stays in sessionStorage until it ends, so the dialog
 * comes back when the page opens again. Test id `excel-import` (the button; the file input is inside it).
 */
export function ImportButton({ importRef, list, name, onImported, accept = '.xlsx,.csv', jobRef, problemsRef, input }: ImportButtonProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [running, setRunning] = useState<{ id: string; initial: JobRow | null } | null>(() => {
    const id = readRunningJob(list);
    return id ? { id, initial: null } : null;
  });
  const [open, setOpen] = useState(running !== null);
  const [uploading, setUploading] = useState(false);

  const send = async (file: File) => {
    setUploading(true);
    try {
      const job = (await upload(importRef, file, input)) as JobRow;
      if (job.status === 'running') rememberRunningJob(list, job.id);
      setRunning({ id: job.id, initial: job });
      setOpen(true);
    } catch (error) {
      showError(`${t('excel.uploadFailed', { name: file.name })}: ${error instanceof Error ? error.message : ''}`);
    } finally {
      setUploading(false);
    }
  };

  const finished = useCallback(
    (job: JobRow | null) => {
      forgetRunningJob(list);
      if (job?.status === 'done') {
        void message.success(t('excel.done', { n: job.imported }));
        void onImported();
      }
    },
    [list, message, t, onImported],
  );

  return (
    <>
      <Upload
        accept={accept}
        showUploadList={false}
        disabled={uploading}
        beforeUpload={(file) => {
          void send(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} data-testid="excel-import">
          {t('excel.import')}
        </Button>
      </Upload>
      {running && (
        <ImportJobDialog
          key={running.id}
          id={running.id}
          initial={running.initial}
          open={open}
          name={name}
          jobRef={jobRef}
          problemsRef={problemsRef}
          onFinished={finished}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
