import type { BodyOf, platform as contract } from '@energy/contracts';
import { and, eq } from 'drizzle-orm';
import type { StaffCtx } from '../../plugins/context.js';
import { invalid, notFound } from '../../plugins/errors.js';
import { fileUrl } from '../files/file-url.js';
import { file } from '../files/files.schema.js';
import { tenant } from './tenancy.schema.js';

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
    const titleType = row.platformTitleType === 2 || row.platformTitleType === 3 ? row.platformTitleType : 1;
    return { ...row, platformTitleType: titleType as 1 | 2 | 3, iconUrl: fileUrl(row.iconKey) };
  }

  async update(ctx: StaffCtx, input: BodyOf<typeof contract.platformSettingsUpdate>) {
    if (input.iconKey) {
      // read straight from the file table: the file center has no lookup by key that answers instead of streaming
      const [icon] = await ctx.tx
        .select({ contentType: file.contentType })
        .from(file)
        .where(and(eq(file.key, input.iconKey), eq(file.tenantId, ctx.staff.tenantId)));
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
