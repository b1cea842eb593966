import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { staff } from '@energy/contracts/refs';
import { useQuery } from '@tanstack/react-query';
import { api } from './api/client';
import { shellKeys } from './current-staff';
import { registerTexts } from './i18n';
import { browserZone } from './zoned-time';

/**
 * Times as the tenant reads them: every page shows instants in the tenant's time zone (the current-user
 * call's `tenant.timeZone`, which the server's days, exports and charts use too), not the browser's, and
 * says which with `TimesIn` (docs/web-shell.md, "Times and zones").
 */

export { browserZone, formatInZone, zonedParts } from './zoned-time';

/** The signed-in staff's tenant's time zone (the browser's until the current user has loaded). */
export function useTenantZone(): string {
  // the shell's current-user query, read without refetching it on every mount (a list of bell items)
  const { data } = useQuery({
    queryKey: shellKeys.current,
    queryFn: () => api(staff.customerUserCurrent),
    refetchOnMount: false,
    retryOnMount: false,
    select: (u) => u.tenant.timeZone,
  });
  return data ?? browserZone();
}

/** 'Times in Asia/Shanghai': next to a page's title, saying which zone its times are in. */
export function TimesIn({ zone }: { zone: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal', marginInlineStart: 12 }} data-testid="times-in">
      {t('timeZone.timesIn', { tz: zone })}
    </Typography.Text>
  );
}

/** A page title with the zone its times are in. */
export function TitleInZone({ title, zone }: { title: string; zone: string }) {
  return (
    <>
      <span>{title}</span>
      <TimesIn zone={zone} />
    </>
  );
}

registerTexts('timeZone', { 'en-US': { timesIn: 'Times in {{tz}}' }, 'zh-CN': { timesIn: '时间按 {{tz}}' } });
