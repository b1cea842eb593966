import type { Dayjs } from 'dayjs';

/** The audit log's filter form values. */
export interface AuditFilter {
  range?: [Dayjs | null, Dayjs | null] | null;
  /** The chosen staff, label included so the choice keeps its name while other staff are searched. */
  staff?: { value: number; label?: unknown } | null;
  call?: string;
  outcome?: 'ok' | 'error' | null;
}

/** The page and export calls' filter: whole days from the start of the first to the end of the last, in local time. */
export function toAuditBody(f: AuditFilter) {
  return {
    from: f.range?.[0]?.startOf('day').toISOString(),
    to: f.range?.[1]?.endOf('day').toISOString(),
    staffId: f.staff?.value ?? undefined,
    call: f.call?.trim() || undefined,
    outcome: f.outcome ?? undefined,
  };
}
