/** Organisation levels: 1 to 99 (spec 000 section 9). */
export const ORG_LEVELS_MAX = 99;

/** Default level names: headquarters, subsidiary, 2-level subsidiary, 3-level subsidiary, ... */
export function defaultOrgLevelName(level: number): string {
  if (level <= 1) return 'headquarters';
  if (level === 2) return 'subsidiary';
  return `${level - 1}-level subsidiary`;
}

/** The name of a level: the tenant's own, else the default. */
export function orgLevelName(names: readonly string[], level: number): string {
  return names[level - 1]?.trim() || defaultOrgLevelName(level);
}

/** The longest organisation-level name. */
export const ORG_LEVEL_NAME_MAX = 32;
