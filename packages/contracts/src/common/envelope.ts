import { z } from 'zod';

/** Every /api answer: `{code, data, msg}`; code 0 is success. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), data, msg: z.string() });

/** The envelope of an error: data is always null. */
export const errorEnvelope = z.object({ code: z.number().int(), data: z.null(), msg: z.string() });

export type Envelope<T> = { code: number; data: T; msg: string };
