import { ErrorCode, defaultMessageOf, httpStatusOf, type ErrorCodeValue } from '@energy/contracts';
import type { z } from 'zod';

/** An error meant for the caller: an envelope code, its HTTP status and a clear message. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCodeValue,
    message?: string,
  ) {
    super(message ?? defaultMessageOf[code]);
    this.status = httpStatusOf[code];
  }
}

export const notFound = (what: string) => new AppError(ErrorCode.NOT_FOUND, `${what} does not exist`);
export const invalid = (field: string, problem: string) => new AppError(ErrorCode.VALIDATION, `${field}: ${problem}`);
export const forbidden = (permission?: string) =>
  new AppError(ErrorCode.FORBIDDEN, permission ? `You do not have the permission ${permission}` : undefined);
export const conflict = (message: string) => new AppError(ErrorCode.CONFLICT, message);

/** Turns zod issues into one message that names the field(s): `body.name: is required`. */
export function validationError(error: z.ZodError, where: string): AppError {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const field = issue.path.length ? issue.path.map(String).join('.') : where;
    let message = issue.message;
    if (issue.code === 'invalid_type' && /received undefined/.test(message)) message = 'is required';
    return `${field}: ${message}`;
  });
  if (error.issues.length > 5) parts.push(`and ${error.issues.length - 5} more`);
  return new AppError(ErrorCode.VALIDATION, parts.join('; '));
}

/**
 * A unique constraint the database enforced (two requests racing past a service's own check): a
 * conflict, not a fault. Drivers put the SQLSTATE on the error or, wrapped by Drizzle, on its cause.
 */
export function fromDatabase(error: unknown): AppError | null {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 3;
    e = e.cause as typeof e, i++
  ) {
    if (e.code === '23505') {
      const what = typeof e.constraint === 'string' ? ` (${e.constraint})` : '';
      return new AppError(
        ErrorCode.CONFLICT,
        `It already exists: another request saved the same value first${what}. Reload and try again.`,
      );
    }
  }
  return null;
}
