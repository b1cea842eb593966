import { seededText } from '@energy/contracts';

/**
 * A seeded catalogue text (device types and properties, seeded roles, OU types, organisation levels,
 * server alarm texts) in the reader's language, the call's `lang` (the `lang` cookie); any other text,
 * a tenant's own names included, as it is. docs/i18n.md.
 */
export function said<T extends string | null | undefined>(ctx: { lang?: 'en-US' | 'zh-CN' }, text: T): T {
  return seededText(text, ctx.lang ?? 'en-US');
}
