import type { PermissionCode } from '@energy/contracts/catalogue-codes';
import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../shared/page-spinner';
import { usePermissions } from './shell-data';

/** The route permission wrapper: a page the staff may not open answers like a missing page. */
export function RequirePermission({ code, children }: { code: PermissionCode; children: ReactNode }) {
  const { data, isLoading } = usePermissions();
  const { t } = useTranslation();
  if (isLoading) return <PageSpinner />;
  if (!(data ?? []).includes(code)) {
    return <Result status="403" title={t('errors.forbiddenTitle')} subTitle={t('errors.forbidden')} data-testid="forbidden" />;
  }
  return children;
}
