import { filterMenu, type MenuNode } from '@energy/contracts';
import { asc, eq } from 'drizzle-orm';
import type { StaffCtx } from '../../plugins/context.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { StaffService } from '../staff/staff.service.js';
import { navigation } from './navigation.schema.js';

type Row = typeof navigation.$inferSelect;
const clamp = <T extends number>(v: number, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly number[]).includes(v) ? (v as T) : fallback;

/** The tenant's three-level navigation, as a tree sorted by weighting. */
export class NavigationService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly staff: StaffService,
  ) {}

  async tree(ctx: StaffCtx): Promise<MenuNode[]> {
    const rows = await ctx.tx
      .select()
      .from(navigation)
      .where(eq(navigation.tenantId, ctx.staff.tenantId))
      .orderBy(asc(navigation.level), asc(navigation.weighting), asc(navigation.id));
    return this.build(rows);
  }

  /** The tree filtered by the staff's permissions, empty areas and groups removed. */
  async menu(ctx: StaffCtx): Promise<MenuNode[]> {
    const tree = await this.tree(ctx);
    return filterMenu(tree, { platform: ctx.staff.permissions, integrated: this.staff.integratedPermissions(ctx) }, true);
  }

  private build(rows: Row[]): MenuNode[] {
    const nodes = new Map<number, MenuNode>();
    const roots: MenuNode[] = [];
    for (const r of rows) {
      const origin = this.catalogue.moduleOrigin(r.moduleOriginId);
      nodes.set(r.id, {
        currentId: r.id,
        parentId: r.parentId,
        rootId: r.rootId ?? r.id,
        level: clamp(r.level, [1, 2, 3] as const, 3),
        name: r.name,
        nameZh: r.nameZh,
        path: r.path,
        moduleOrigin: origin?.code ?? null,
        moduleOriginId: r.moduleOriginId,
        jumpType: clamp(r.jumpType, [1, 2, 3] as const, 1),
        openType: clamp(r.openType, [0, 1, 2] as const, 0),
        weighting: r.weighting,
        key: r.key,
        url: r.url,
        origin: r.origin ?? origin?.origin ?? null,
        permissionType: clamp(r.permissionType, [0, 1, 2] as const, 0),
        permissionCode: r.permissionCode,
        integratedAppId: r.integratedAppId,
        transitPagePath: r.transitPagePath,
        children: [],
      });
    }
    // rows come sorted by level then weighting, so children are appended in order
    for (const r of rows) {
      const node = nodes.get(r.id)!;
      const parent = r.parentId != null ? nodes.get(r.parentId) : undefined;
      if (parent) parent.children.push(node);
      else if (r.level === 1) roots.push(node);
    }
    return roots;
  }
}
