import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import '../texts';

/** Alarm levels 0 (highest) to 4 (lowest), in the alarm pages' colours (spec 000 §3). */
export const LEVELS = [0, 1, 2, 3, 4] as const;
const COLORS = ['red', 'gold', 'blue', 'green', undefined] as const;

/** A rule's alarm level as a coloured tag. */
export function LevelText({ level }: { level: number }) {
  const { t } = useTranslation();
  const names = t('lineLoss.levels', { returnObjects: true }) as string[];
  return (
    <Tag color={COLORS[level]} style={{ marginInlineEnd: 0 }}>
      {names[level] ?? level}
    </Tag>
  );
}
