import { browserZone, formatInZone } from './zoned-time';

/**
 * A stored instant as lists show it, in the given zone (pages pass the tenant's, `useTenantZone`; the
 * browser's only where no tenant is known yet): '2026-11-21 09:30'.
 */
export const formatDateTime = (value: string | number | Date, timeZone: string = browserZone()) =>
  formatInZone(value, timeZone).slice(0, 16);
