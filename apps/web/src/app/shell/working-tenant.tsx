import { customer } from '@energy/contracts/refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, showError, ApiError } from '../../shared/api/client';
import { registerTexts } from '../../shared/i18n';
import { Select } from './lazy-antd';
import { SelectStandIn } from './select-stand-in';

const en = {
  label: 'Working in',
  all: 'All linked tenants',
  own: '{{name}} (own)',
  unlinked: 'No longer linked',
};
const zh: typeof en = {
  label: '当前租户',
  all: '全部关联租户',
  own: '{{name}}（本公司）',
  unlinked: '已解除关联',
};
registerTexts('workingTenant', { 'en-US': en, 'zh-CN': zh });

export const workingTenantKey = ['channel', 'working-tenant'] as const;
const ALL = '__all__';
const WIDTH = 200;

/**
 * The header's tenant switcher of a channel (service-provider) staff (docs/platform-console.md): all
 * linked tenants, its own, or one linked tenant. The choice is the session's; after it every query of
 * the app is fetched again, and lists that can show several tenants follow it.
 */
export function WorkingTenantSwitcher() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // pressed before the Select was there: it opens, focused, once it is
  const [pressed, setPressed] = useState(false);
  const { data } = useQuery({ queryKey: workingTenantKey, queryFn: () => api(customer.channelWorkingTenant) });
  const choose = useMutation({
    mutationFn: (tenantId: string | null) => api(customer.channelWorkingTenantSet, { tenantId }),
    onSuccess: (answer) => {
      queryClient.setQueryData(workingTenantKey, answer);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== workingTenantKey[0] });
    },
    onError: (error) => error instanceof ApiError && showError(error.message),
  });
  if (!data) return null;
  const chosen = data.workingTenantId;
  const known = chosen === null || chosen === data.own.mcid || data.linked.some((x) => x.mcid === chosen);
  const options = [
    { value: ALL, label: t('workingTenant.all') },
    ...data.linked.map((x) => ({ value: x.mcid, label: x.name })),
    { value: data.own.mcid, label: t('workingTenant.own', { name: data.own.name }) },
    ...(known ? [] : [{ value: chosen, label: t('workingTenant.unlinked') }]),
  ];
  const value = chosen ?? ALL;
  return (
    <Suspense
      fallback={
        <SelectStandIn
          small
          width={WIDTH}
          text={options.find((o) => o.value === value)?.label}
          aria-label={t('workingTenant.label')}
          onMouseDown={() => setPressed(true)}
        />
      }
    >
      <Select
        data-testid="working-tenant"
        aria-label={t('workingTenant.label')}
        size="small"
        style={{ width: WIDTH }}
        popupMatchSelectWidth={false}
        autoFocus={pressed}
        defaultOpen={pressed}
        value={value}
        loading={choose.isPending}
        options={options}
        onChange={(next: string) => choose.mutate(next === ALL ? null : next)}
      />
    </Suspense>
  );
}
