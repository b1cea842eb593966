import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../shared/page-title';
import { DistributePanel } from '../components/distribute-panel';
import { DistributionLog } from '../components/distribution-log';
import { VersionsPanel } from '../components/versions-panel';
import '../texts';

/**
 * `/bsa/asset/firmware`: what each FCS runs, a firmware distribution with its targets' live states, and the
 * distribution log with retries and its export (docs/bsa.md, "Second edition and firmware").
 */
export default function FirmwarePage() {
  const { t } = useTranslation();
  return (
    <Card data-testid="firmware-page">
      <PageTitle>{t('bsaSecond.firmwareTitle')}</PageTitle>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'distribute', label: t('bsaSecond.distributeTab'), children: <DistributePanel /> },
          { key: 'versions', label: t('bsaSecond.versionsTab'), children: <VersionsPanel /> },
          { key: 'log', label: t('bsaSecond.logTab'), children: <DistributionLog /> },
        ]}
      />
    </Card>
  );
}
