import type { z } from 'zod';
import { i18n } from '../i18n';

/** An antd form rule from a contract's zod schema, so the form refuses what the server refuses. */
export function zodRule(schema: z.ZodType, label: string) {
  return {
    validator: async (_: unknown, value: unknown) => {
      if (value === undefined || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(`${label} ${result.error.issues[0]?.message ?? ''}`.trim());
    },
  };
}

/** A confirm field's rule: it must equal `field` (a new password typed twice). */
export function sameAs(field: string, message: string) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_: unknown, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error(message);
    },
  });
}

/** A required field's rule with the spec's message, '{title} is required'. */
export const requiredRule = (title: string) => ({ required: true, message: i18n.t('common.required', { title }) });
