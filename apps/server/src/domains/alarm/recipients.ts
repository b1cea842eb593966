import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';

/** Who gets alarm pushes: staff holding this page code (effective, auto-sync included). */
export const ALARM_PUSH_PERMISSION = 'p-alarm-record';

interface Candidate {
  id: number;
  allOus: boolean;
  ouIds: Set<number>;
}

const TTL_MS = 30_000;

/**
 * The staff an alarm is pushed to: enabled staff of the alarm's tenant who see its OU (an all-OU role,
 * or membership of the OU) and hold `p-alarm-record`, and enabled all-OU staff holding it of the enabled
 * channel tenants linked to the alarm's tenant (docs/platform-console.md). One query per tenant, cached
 * for 30 s, so a raise costs no query per staff; a role or OU change reaches pushes within that time, a
 * channel link or a tenant's status at once (`forget`).
 */
export class AlarmRecipients {
  private cache = new Map<string, { at: number; staff: Candidate[] }>();

  constructor(private readonly catalogue: CatalogueService) {}

  /** Links or tenants changed: the next alarm of every tenant reads its recipients again. */
  forget() {
    this.cache.clear();
  }

  /** Staff ids to push an alarm of `ouId` (null: only staff who see every OU) to. Reads on `db` (owner connection). */
  async of(db: Db, tenantId: string, ouId: number | null): Promise<number[]> {
    let hit = this.cache.get(tenantId);
    if (!hit || Date.now() - hit.at > TTL_MS) {
      hit = { at: Date.now(), staff: await this.load(db, tenantId) };
      this.cache.set(tenantId, hit);
    }
    return hit.staff.filter((s) => s.allOus || (ouId !== null && s.ouIds.has(ouId))).map((s) => s.id);
  }

  private async load(db: Db, tenantId: string): Promise<Candidate[]> {
    const rows = await rowsOf<{ id: number; permission_codes: string[]; auto_sync_codes: string[]; all_ous: boolean; ou_ids: number[] }>(
      db,
      sql`select s.id, r.permission_codes, r.auto_sync_codes, r.all_ous,
                 coalesce((select array_agg(so.ou_id) from staff_ou so where so.staff_id = s.id), '{}'::int[]) as ou_ids
          from staff s join role r on r.id = s.role_id join tenant t on t.id = s.tenant_id
          where s.status = 0 and t.status = 0
            and (s.tenant_id = ${tenantId}
                 or (r.all_ous and s.tenant_id in (select cl.tenant_id from channel_link cl where cl.customer_tenant_id = ${tenantId})))
          order by s.id`,
    );
    return rows
      .filter((r) => this.catalogue.effectivePermissions(r.permission_codes ?? [], r.auto_sync_codes ?? []).has(ALARM_PUSH_PERMISSION))
      .map((r) => ({ id: Number(r.id), allOus: r.all_ous === true, ouIds: new Set((r.ou_ids ?? []).map(Number)) }));
  }
}
