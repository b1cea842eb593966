import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PvStage } from '../queries';
import '../texts';

const COLORS: Record<PvStage, string> = {
  planning: 'default',
  construction: 'processing',
  'grid-connected': 'success',
  decommissioned: 'warning',
};

/** A station's stage as a tag (antd's status colours follow the theme). */
export function StageTag({ stage }: { stage: PvStage }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[stage]}>{t(`pv.stages.${stage}`)}</Tag>;
}
