import type { PermissionNode } from '@energy/contracts';
import { catalogueNamesZh } from '@energy/contracts/catalogue-codes';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { moduleOrigin, permission } from './catalogue.schema.js';

export type PermissionRow = typeof permission.$inferSelect;
export type ModuleOriginRow = typeof moduleOrigin.$inferSelect;

/**
 * The platform permission catalogue and module origins, held in memory: they change only when the
 * platform itself changes (seed, platform administration), and every call needs them.
 */
export class CatalogueService {
  private permissions: PermissionRow[] = [];
  private byCode = new Map<string, PermissionRow>();
  private children = new Map<string, string[]>();
  private treeCache: PermissionNode[] = [];
  private treeCacheZh: PermissionNode[] = [];
  private origins = new Map<number, ModuleOriginRow>();
  private memo = new Map<string, ReadonlySet<string>>();

  constructor(private readonly db: Db) {}

  async load() {
    this.permissions = await this.db.select().from(permission).orderBy(asc(permission.level), asc(permission.sort));
    this.byCode = new Map(this.permissions.map((p) => [p.code, p]));
    this.children.clear();
    for (const p of this.permissions) {
      if (!p.parentCode) continue;
      const list = this.children.get(p.parentCode) ?? [];
      list.push(p.code);
      this.children.set(p.parentCode, list);
    }
    this.origins = new Map((await this.db.select().from(moduleOrigin)).map((o) => [o.id, o]));
    this.memo.clear();
    this.treeCache = this.buildTree();
    this.treeCacheZh = this.buildTree('zh-CN');
  }

  all(): readonly PermissionRow[] {
    return this.permissions;
  }

  /** One code of the catalogue, or undefined. */
  get(code: string): PermissionRow | undefined {
    return this.byCode.get(code);
  }

  /** The code and its ancestors, nearest first. */
  selfAndAncestors(code: string): string[] {
    const chain: string[] = [];
    for (let p = this.byCode.get(code); p && !chain.includes(p.code); p = p.parentCode ? this.byCode.get(p.parentCode) : undefined)
      chain.push(p.code);
    return chain;
  }

  /** The catalogue as a tree in the reader's language (built once per load: every role editor asks for it). */
  tree(lang: 'en-US' | 'zh-CN' = 'en-US'): PermissionNode[] {
    return lang === 'zh-CN' ? this.treeCacheZh : this.treeCache;
  }

  /**
   * Parents before children, siblings by sort order. In Chinese a node has its catalogue's Chinese
   * name, unless the platform renamed it (its name is no longer the catalogue's English one).
   */
  private buildTree(lang: 'en-US' | 'zh-CN' = 'en-US'): PermissionNode[] {
    const zh = lang === 'zh-CN' ? catalogueNamesZh() : new Map<string, { name: string; nameZh: string }>();
    const nodes = new Map<string, PermissionNode>();
    for (const p of this.permissions) {
      const named = zh.get(p.code);
      nodes.set(p.code, {
        key: p.code,
        title: named && named.name === p.name ? named.nameZh : p.name,
        description: p.description,
        type: p.type,
        level: p.level,
        integratedAppId: p.integratedAppId,
        customized: p.customized,
        freeze: p.freeze,
        disabled: p.freeze,
        children: [],
      });
    }
    const roots: PermissionNode[] = [];
    for (const p of this.permissions) {
      const parent = p.parentCode ? nodes.get(p.parentCode) : undefined;
      (parent ? parent.children : roots).push(nodes.get(p.code)!);
    }
    return roots;
  }

  moduleOrigin(id: number | null | undefined): ModuleOriginRow | undefined {
    return id == null ? undefined : this.origins.get(id);
  }

  moduleOrigins(): ModuleOriginRow[] {
    return [...this.origins.values()];
  }

  /**
   * A role's effective codes: the checked ones, plus everything under an auto-synced node (so codes
   * the platform adds later under it are granted too). Frozen codes are never granted.
   */
  effectivePermissions(checked: readonly string[], autoSync: readonly string[]): ReadonlySet<string> {
    const key = `${checked.join(',')}|${autoSync.join(',')}`;
    const hit = this.memo.get(key);
    if (hit) return hit;
    const known = new Set(this.permissions.filter((p) => !p.freeze).map((p) => p.code));
    const result = new Set<string>();
    for (const code of checked) if (known.has(code)) result.add(code);
    const stack = autoSync.filter((c) => known.has(c));
    while (stack.length) {
      const code = stack.pop()!;
      result.add(code);
      for (const child of this.children.get(code) ?? []) if (known.has(child)) stack.push(child);
    }
    if (this.memo.size > 1000) this.memo.clear();
    this.memo.set(key, result);
    return result;
  }
}
