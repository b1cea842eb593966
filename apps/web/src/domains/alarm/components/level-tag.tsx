import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAlarmLevel, LEVEL_COLOR, LEVEL_KEY } from '../levels';
import '../bell-texts';

/** An alarm level as a tag in its colour (red, gold, blue, green, default). */
export function LevelTag({ level, testId }: { level: number; testId?: string }) {
  const { t } = useTranslation();
  if (!isAlarmLevel(level)) return <Tag>{level}</Tag>;
  return (
    <Tag color={LEVEL_COLOR[level]} data-level={level} data-testid={testId} style={{ marginInlineEnd: 0 }}>
      {t(`alarmBell.levels.${LEVEL_KEY[level]}`)}
    </Tag>
  );
}
