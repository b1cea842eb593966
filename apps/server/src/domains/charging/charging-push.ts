import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql.js';
import { chargingDestination, type PushPublisher } from '../../realtime/push.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';

/** Who is told: staff holding one of the charging asset pages. */
const PAGES = ['p-charging-pile', 'p-charging-station'];
const TTL_MS = 30_000;
/** At most one push per pile in this time: a busy charger's meter values do not flood the pages. */
export const CHARGING_PUSH_COALESCE_MS = 1_000;

interface Candidate {
  id: number;
  allOus: boolean;
  ouIds: Set<number>;
}

/**
 * Live pile and gun states for open pages (docs/charging.md): after the central system stores a change,
 * `{ stationId, pileId }` goes to /ws/charging/staff/{id} of every enabled staff of the pile's tenant who
 * sees its OU and holds a charging asset page (and all-OU staff of linked channel tenants), as the alarm
 * pushes choose theirs. Pages read the pile again. Recipients are cached 30 s per tenant.
 */
export class ChargingPush {
  private cache = new Map<string, { at: number; staff: Candidate[] }>();
  private pending = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly push: PushPublisher,
    private readonly catalogue: CatalogueService,
  ) {}

  changed(event: { tenantId: string; ouId: number; stationId: number; pileId: number }) {
    if (this.pending.has(event.pileId)) return;
    this.pending.set(
      event.pileId,
      setTimeout(() => {
        this.pending.delete(event.pileId);
        void this.send(event).catch(() => {});
      }, CHARGING_PUSH_COALESCE_MS).unref(),
    );
  }

  stop() {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  private async send(event: { tenantId: string; ouId: number; stationId: number; pileId: number }) {
    let hit = this.cache.get(event.tenantId);
    if (!hit || Date.now() - hit.at > TTL_MS) {
      hit = { at: Date.now(), staff: await this.load(event.tenantId) };
      this.cache.set(event.tenantId, hit);
    }
    for (const s of hit.staff)
      if (s.allOus || s.ouIds.has(event.ouId))
        this.push.publish(chargingDestination(s.id), { stationId: event.stationId, pileId: event.pileId });
  }

  private async load(tenantId: string): Promise<Candidate[]> {
    const rows = await rowsOf<{ id: number; permission_codes: string[]; auto_sync_codes: string[]; all_ous: boolean; ou_ids: number[] }>(
      this.db,
      sql`select s.id, r.permission_codes, r.auto_sync_codes, r.all_ous,
                 coalesce((select array_agg(so.ou_id) from staff_ou so where so.staff_id = s.id), '{}'::int[]) as ou_ids
          from staff s join role r on r.id = s.role_id join tenant t on t.id = s.tenant_id
          where s.status = 0 and t.status = 0
            and (s.tenant_id = ${tenantId}
                 or (r.all_ous and s.tenant_id in (select cl.tenant_id from channel_link cl where cl.customer_tenant_id = ${tenantId})))
          order by s.id`,
    );
    return rows
      .filter((r) => {
        const codes = this.catalogue.effectivePermissions(r.permission_codes ?? [], r.auto_sync_codes ?? []);
        return PAGES.some((p) => codes.has(p));
      })
      .map((r) => ({ id: Number(r.id), allOus: r.all_ous === true, ouIds: new Set((r.ou_ids ?? []).map(Number)) }));
  }
}
