import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { staff } from '@energy/contracts/refs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import '../texts';

type Choice = { value: number; label: string };

/** How long typing pauses before the staff are searched. */
const SEARCH_DELAY_MS = 300;

/**
 * One staff of the tenant, searched on the server as the user types (staff page call, first 100 matches);
 * the value carries its label so the choice keeps its name. Needs the staff page permission.
 */
export function StaffSelect({ value, onChange, id }: { value?: Choice | null; onChange?: (v: Choice | null) => void; id?: string }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    queryKey: ['audit', 'staff', keyword],
    queryFn: () => api(staff.staffPage, { keyword: keyword || undefined, pageSize: 100, pageOffset: 1 }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  return (
    <Select<Choice>
      id={id}
      labelInValue
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={found.isFetching}
      placeholder={t('audit.staffPlaceholder')}
      options={(found.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.staffCode} · ${s.name}` }))}
      data-testid="audit-filter-staff"
    />
  );
}
