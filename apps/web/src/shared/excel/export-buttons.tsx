import { useState } from 'react';
import type { CurrentUser } from '@energy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Dropdown } from 'antd';
import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import type { EndpointRef, RefInput } from '@energy/contracts/refs-types';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../api/download';
import { shellKeys } from '../current-staff';
import { browserZone, formatInZone } from '../zoned-time';
import './texts';

export type ExportFormat = 'xlsx' | 'csv';

/** The UI language as the excel calls take it (`lang`). */
export const uiLang = (language: string): 'en-US' | 'zh-CN' => (language === 'zh-CN' ? 'zh-CN' : 'en-US');

/** What an export call is sent: the page's filter, the format and the UI language (all as query parameters of the GET). */
export function exportInput(filter: object, format: ExportFormat, language: string): Record<string, unknown> {
  return { ...filter, format, lang: uiLang(language) };
}

export interface ExportButtonProps {
  exportRef: EndpointRef;
  /** The page's current filter. */
  filter: object;
  /** The file name's start: `<name>-<date>.<format>`. */
  name: string;
  /** The button's test id (default `excel-export`); the menu items are `<testId>-xlsx` and `<testId>-csv`. */
  testId?: string;
  /** The most rows the call exports, and how many the filter finds: a warning when they are more. */
  maxRows?: number;
  totalCount?: number;
}

/**
 * Export of a list: a menu of Excel and CSV; downloads the entity's export ref with the page's current
 * filter, `format` and `lang` as `<name>-<date>.<format>`.
 */
export function ExportButton({ exportRef, filter, name, testId = 'excel-export', maxRows, totalCount = 0 }: ExportButtonProps) {
  const { t, i18n } = useTranslation();
  const { message } = AntApp.useApp();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const run = async (format: ExportFormat) => {
    if (maxRows !== undefined && totalCount > maxRows) void message.warning(t('excel.tooMany', { n: maxRows }));
    setBusy(true);
    try {
      const input = exportInput(filter, format, i18n.language) as RefInput<EndpointRef>;
      // the tenant's today, as the server names the file (the shell's current user, never fetched from here:
      // the platform console has none, and its pages' times are UTC)
      const zone = queryClient.getQueryData<CurrentUser>(shellKeys.current)?.tenant.timeZone ?? browserZone();
      await downloadFile(exportRef, input, `${name}-${formatInZone(Date.now(), zone).slice(0, 10)}.${format}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: (['xlsx', 'csv'] as const).map((f) => ({
          key: f,
          label: <span data-testid={`${testId}-${f}`}>{t(f === 'xlsx' ? 'excel.exportXlsx' : 'excel.exportCsv')}</span>,
        })),
        onClick: ({ key }) => void run(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} data-testid={testId}>
        {t('excel.export')}
      </Button>
    </Dropdown>
  );
}

/** The import template of an entity (its template ref with `lang`), saved as `<name>-template.xlsx`. Test id `excel-template`. */
export function TemplateButton({ templateRef, name }: { templateRef: EndpointRef; name: string }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(templateRef, { lang: uiLang(i18n.language) } as RefInput<EndpointRef>, `${name}-template.xlsx`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FileExcelOutlined />} loading={busy} onClick={() => void run()} data-testid="excel-template">
      {t('excel.template')}
    </Button>
  );
}
