import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toAuditBody } from './audit-filter';

describe('audit filter', () => {
  it('sends nothing for an empty form', () => {
    expect(toAuditBody({})).toEqual({ from: undefined, to: undefined, staffId: undefined, call: undefined, outcome: undefined });
    expect(toAuditBody({ range: null, staff: null, call: '  ', outcome: null })).toEqual(toAuditBody({}));
  });

  it('covers whole days of the range, and takes the staff id, the trimmed call and the outcome', () => {
    const body = toAuditBody({
      range: [dayjs('2024-03-01T15:00:00'), dayjs('2024-03-02T08:00:00')],
      staff: { value: 12, label: 'SR-ALICE · Alice' },
      call: ' ou/update ',
      outcome: 'error',
    });
    expect(body.from).toBe(dayjs('2024-03-01T00:00:00.000').toISOString());
    expect(body.to).toBe(dayjs('2024-03-02T23:59:59.999').toISOString());
    expect(body).toMatchObject({ staffId: 12, call: 'ou/update', outcome: 'error' });
  });
});
