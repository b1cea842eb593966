import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import '../texts';

/** Active (red) or recovered (green). */
export function StateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={state === 0 ? 'red' : 'green'} data-testid="alarm-state" data-state={state}>
      {t(`alarm.states.${state === 0 ? 0 : 1}`)}
    </Tag>
  );
}

/** Read by the signed-in staff, or not. */
export function ReadTag({ read }: { read: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={read ? undefined : 'processing'} data-testid="alarm-read-state" data-read={read}>
      {t(`alarm.readStates.${read}`)}
    </Tag>
  );
}
