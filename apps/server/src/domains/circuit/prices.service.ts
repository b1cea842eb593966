import { type BodyOf, circuit as contract } from '@energy/contracts';

const { hhmm, minutesOf } = contract;
type TouBandKind = contract.TouBandKind;
import { and, asc, count, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { contains, equals, list, staffScope, where } from '../../db/list.js';
import { canSeeOu, type StaffCtx } from '../../plugins/context.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import type { PriceVersion } from '../../pricing/tou-pricing.js';
import { ou } from '../ou/ou.schema.js';
import { circuit, circuitAccount, circuitAccountPrice, type StoredSeason } from './circuit.schema.js';

type AccountRow = z.infer<typeof contract.accountRow>;
type VersionRow = z.infer<typeof contract.priceVersion>;

/** A price as its exact count of ten-thousandths (0.3 → 3000); input prices have at most 4 decimals. */
export const tenThousandths = (value: number) => Math.round(value * 10_000);
/** numeric(…, 4) text of ten-thousandths (3000 → '0.3000'). */
export const numericOf = (n: number) => `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`;

/** The stored version as the pricing module takes it. */
export function pricingVersion(row: {
  effectiveFrom: string;
  demandPricePerKwMonth: string | null;
  seasons: StoredSeason[];
}): PriceVersion {
  return {
    effectiveFrom: row.effectiveFrom,
    demandPrice10k: row.demandPricePerKwMonth == null ? null : tenThousandths(Number(row.demandPricePerKwMonth)),
    seasons: row.seasons.map((s) => ({
      name: s.name,
      months: s.months,
      bands: s.bands.map((b) => ({ ...b, kind: b.kind as TouBandKind })),
    })),
  };
}

function versionRow(row: typeof circuitAccountPrice.$inferSelect): VersionRow {
  return {
    accountId: row.accountId,
    effectiveFrom: row.effectiveFrom,
    demandPricePerKwMonth: row.demandPricePerKwMonth == null ? null : Number(row.demandPricePerKwMonth),
    seasons: row.seasons.map((s) => ({
      name: s.name,
      months: s.months,
      bands: s.bands.map((b) => ({
        start: hhmm(b.startMin),
        end: hhmm(b.endMin),
        kind: b.kind as TouBandKind,
        price: b.price10k / 10_000,
      })),
    })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Electricity accounts and their time-of-use prices in force from a date (docs/prices.md). */
export class PricesService {
  /** The staff's tenant, and its OUs unless its role sees all. */
  scope(ctx: StaffCtx): SQL[] {
    return staffScope(ctx, { tenant: circuitAccount.tenantId, ou: circuitAccount.ouId });
  }

  async list(ctx: StaffCtx, input: BodyOf<typeof contract.accountList> = {}): Promise<AccountRow[]> {
    const rows = await list(ctx.tx, {
      query: () =>
        ctx.tx.select({ a: circuitAccount, ouName: ou.name }).from(circuitAccount).innerJoin(ou, eq(ou.id, circuitAccount.ouId)).$dynamic(),
      where: [
        ...this.scope(ctx),
        ...where(input, { ouId: equals(circuitAccount.ouId), name: contains(circuitAccount.name, circuitAccount.code) }),
      ],
      order: [asc(circuitAccount.code), asc(circuitAccount.id)],
    }).all();
    return this.rows(ctx, rows);
  }

  private async rows(ctx: StaffCtx, rows: { a: typeof circuitAccount.$inferSelect; ouName: string }[]): Promise<AccountRow[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.a.id);
    const versions = await ctx.tx
      .select()
      .from(circuitAccountPrice)
      .where(and(inArray(circuitAccountPrice.accountId, ids), eq(circuitAccountPrice.tenantId, ctx.staff.tenantId)))
      .orderBy(asc(circuitAccountPrice.effectiveFrom));
    const counts = await ctx.tx
      .select({ accountId: circuit.accountId, n: count() })
      .from(circuit)
      .where(and(inArray(circuit.accountId, ids), eq(circuit.tenantId, ctx.staff.tenantId)))
      .groupBy(circuit.accountId);
    return rows.map(({ a, ouName }) => ({
      id: a.id,
      code: a.code,
      name: a.name,
      ouId: a.ouId,
      ouName,
      currency: a.currency,
      prices: versions.filter((v) => v.accountId === a.id).map(versionRow),
      circuitCount: Number(counts.find((c) => c.accountId === a.id)?.n ?? 0),
    }));
  }

  /** A visible account (404 otherwise). */
  async get(ctx: StaffCtx, id: number, field = 'body.accountId'): Promise<AccountRow> {
    const rows = await ctx.tx
      .select({ a: circuitAccount, ouName: ou.name })
      .from(circuitAccount)
      .innerJoin(ou, eq(ou.id, circuitAccount.ouId))
      .where(and(eq(circuitAccount.id, id), ...this.scope(ctx)));
    if (!rows.length)
      throw field === 'body.id' || field === 'body.accountId'
        ? notFound(`Electricity account ${id}`)
        : invalid(field, 'is not one of your electricity accounts');
    return (await this.rows(ctx, rows))[0]!;
  }

  async save(ctx: StaffCtx, input: BodyOf<typeof contract.accountSave>): Promise<AccountRow> {
    const [unit] = await ctx.tx
      .select({ id: ou.id })
      .from(ou)
      .where(and(eq(ou.id, input.ouId), eq(ou.tenantId, ctx.staff.tenantId)));
    if (!unit || !canSeeOu(ctx.staff, unit.id)) throw invalid('body.ouId', 'is not one of your operating units');
    const [taken] = await ctx.tx
      .select({ id: circuitAccount.id })
      .from(circuitAccount)
      .where(
        and(
          eq(circuitAccount.tenantId, ctx.staff.tenantId),
          eq(circuitAccount.code, input.code),
          ...(input.id ? [ne(circuitAccount.id, input.id)] : []),
        ),
      );
    if (taken) throw conflict(`The account code ${input.code} is already used in this tenant`);
    const values = { ouId: input.ouId, code: input.code, name: input.name, currency: input.currency };
    if (input.id) {
      const current = await this.get(ctx, input.id, 'body.id');
      if (current.ouId !== input.ouId && current.circuitCount > 0)
        throw invalid('body.ouId', 'cannot change while circuits are billed to the account');
      await ctx.tx
        .update(circuitAccount)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(circuitAccount.id, input.id));
      return this.get(ctx, input.id, 'body.id');
    }
    const [row] = await ctx.tx
      .insert(circuitAccount)
      .values({ tenantId: ctx.staff.tenantId, ...values })
      .returning({ id: circuitAccount.id });
    return this.get(ctx, row!.id, 'body.id');
  }

  /** Saves the version in force from its date (a version of the same date is replaced). */
  async savePrice(ctx: StaffCtx, input: BodyOf<typeof contract.priceSave>): Promise<VersionRow> {
    await this.get(ctx, input.accountId);
    const seasons: StoredSeason[] = input.seasons.map((s) => ({
      name: s.name,
      months: [...s.months].sort((a, b) => a - b),
      bands: s.bands
        .map((b) => ({ startMin: minutesOf(b.start)!, endMin: minutesOf(b.end)!, kind: b.kind, price10k: tenThousandths(b.price) }))
        .sort((a, b) => a.startMin - b.startMin),
    }));
    const head = {
      demandPricePerKwMonth: input.demandPricePerKwMonth == null ? null : numericOf(tenThousandths(input.demandPricePerKwMonth)),
      seasons,
      updatedAt: new Date(),
    };
    const [row] = await ctx.tx
      .insert(circuitAccountPrice)
      .values({ tenantId: ctx.staff.tenantId, accountId: input.accountId, effectiveFrom: input.effectiveFrom, ...head })
      .onConflictDoUpdate({ target: [circuitAccountPrice.accountId, circuitAccountPrice.effectiveFrom], set: head })
      .returning();
    return versionRow(row!);
  }

  async deletePrice(ctx: StaffCtx, input: BodyOf<typeof contract.priceDelete>): Promise<null> {
    await this.get(ctx, input.accountId);
    const gone = await ctx.tx
      .delete(circuitAccountPrice)
      .where(and(eq(circuitAccountPrice.accountId, input.accountId), eq(circuitAccountPrice.effectiveFrom, input.effectiveFrom)))
      .returning({ id: circuitAccountPrice.id });
    if (!gone.length) throw notFound(`The prices from ${input.effectiveFrom} of account ${input.accountId}`);
    return null;
  }

  /** An account's versions (oldest first), tenant-checked only: the caller has checked the circuit's scope. */
  async versionsOf(ctx: StaffCtx, accountId: number) {
    const [account] = await ctx.tx
      .select()
      .from(circuitAccount)
      .where(and(eq(circuitAccount.id, accountId), eq(circuitAccount.tenantId, ctx.staff.tenantId)));
    if (!account) return null;
    const rows = await ctx.tx
      .select()
      .from(circuitAccountPrice)
      .where(and(eq(circuitAccountPrice.accountId, accountId), eq(circuitAccountPrice.tenantId, ctx.staff.tenantId)))
      .orderBy(asc(circuitAccountPrice.effectiveFrom));
    return { account, rows, answers: rows.map(versionRow), pricing: rows.map(pricingVersion) };
  }
}
