import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteStatus } from '../queries';
import '../texts';

const COLORS: Record<RemoteStatus, string> = { pending: 'processing', acknowledged: 'success', refused: 'error', timeout: 'warning' };

/** A sent command's status as a tag (`data-status` carries the status for tests). */
export function RemoteStatusTag({ status, testId }: { status: RemoteStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={testId} data-status={status}>
      {t(`bsaRemote.statuses.${status}`)}
    </Tag>
  );
}

/** A log line's value: a mode's label, a power with its unit, or a dash. */
export const valueText = (r: { value: number | null; unit: string | null; valueLabel: string | null }) =>
  r.valueLabel ?? (r.value === null ? '-' : `${r.value} ${r.unit ?? ''}`.trim());
