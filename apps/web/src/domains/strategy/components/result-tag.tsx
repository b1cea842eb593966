import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeliveryResult } from '../queries';

const COLORS: Record<DeliveryResult, string> = { pending: 'processing', accepted: 'success', rejected: 'error', timeout: 'warning' };

/** A delivery's result as a coloured tag (`data-result` for tests). */
export function DeliveryResultTag({ result, testId }: { result: DeliveryResult; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[result]} data-result={result} data-testid={testId}>
      {t(`strategy.delivery.${result}`)}
    </Tag>
  );
}
