import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATE_COLORS, type FirmwareState } from '../queries';

/** A firmware target's state as a coloured tag (`data-state` for tests). */
export function StateTag({ state, testId }: { state: FirmwareState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} data-testid={testId} data-state={state}>
      {t(`bsaSecond.states.${state}`)}
    </Tag>
  );
}
