import type { BodyOf, platform as contract } from '@energy/contracts';
import { eq } from 'drizzle-orm';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid, notFound } from '../../plugins/errors.js';
import { fileUrl } from '../files/file-url.js';
import { fileOfTenant } from '../files/files.service.js';
import { tenant } from './tenancy.schema.js';

/** A stored title type as the contract's union: platform name 1 (also for anything unknown), navigation name 2, both 3. */
export const titleTypeOf = (n: number) => (n === 2 || n === 3 ? n : 1) as 1 | 2 | 3;

/**
 * The tenant's platform settings (name, title type, slogan, icon): columns of the tenant row, which
 * customer-user/current also reads, so a change shows at the next refresh of the shell.
 */
export class PlatformSettingsService {
  async detail(ctx: StaffCtx) {
    const [row] = await ctx.tx
      .select({
        platformName: tenant.platformName,
        platformTitleType: tenant.platformTitleType,
        platformSloganName: tenant.platformSloganName,
        iconKey: tenant.iconKey,
      })
      .from(tenant)
      .where(eq(tenant.id, ctx.staff.tenantId));
    if (!row) throw notFound('The tenant');
    return { ...row, platformTitleType: titleTypeOf(row.platformTitleType), iconUrl: fileUrl(row.iconKey) };
  }

  async update(ctx: StaffCtx, input: BodyOf<typeof contract.platformSettingsUpdate>) {
    if (input.iconKey) {
      const icon = await fileOfTenant(ctx.tx, ctx.staff.tenantId, input.iconKey);
      if (!icon?.contentType.startsWith('image/')) throw invalid('body.iconKey', 'is not an image in the file center of this tenant');
    }
    await ctx.tx
      .update(tenant)
      .set({
        platformName: input.platformName,
        platformTitleType: input.platformTitleType,
        platformSloganName: input.platformSloganName,
        iconKey: input.iconKey,
      })
      .where(eq(tenant.id, ctx.staff.tenantId));
    return this.detail(ctx);
  }
}
