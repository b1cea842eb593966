import { eq } from 'drizzle-orm';
import type { StaffCtx } from '../../plugins/context.js';
import { tenant } from './tenancy.schema.js';

/** The time zone of the staff's tenant: days, months and the times of exports follow it. */
export async function tenantTimeZone(ctx: StaffCtx): Promise<string> {
  const [row] = await ctx.tx.select({ timeZone: tenant.timeZone }).from(tenant).where(eq(tenant.id, ctx.staff.tenantId));
  return row!.timeZone;
}
