import { z } from 'zod';

/** Paging request (spec 000: pageSize default 20, options 10..100, pageOffset from 1). */
export const pageRequest = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  pageOffset: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

/** Paging answer: the rows and the total count. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    list: z.array(row),
    totalCount: z.number().int(),
    pageSize: z.number().int(),
    pageOffset: z.number().int(),
  });
