/**
 * The meaning of a state value, read from its property's name: the standard types name their codes
 * there ('Operating state (0 standby, 1 running, 2 fault)'). Returns null when the name lists none.
 */
export function stateLabel(propertyName: string, value: number): string | null {
  const list = /\(([^)]*)\)\s*$/.exec(propertyName)?.[1];
  if (!list) return null;
  for (const entry of list.split(',')) {
    const m = /^\s*(-?\d+)\s+(.+?)\s*$/.exec(entry);
    if (m && Number(m[1]) === value) return m[2]!;
  }
  return null;
}

/** A property name without its list of codes ('Operating state'). */
export const stateName = (propertyName: string) => propertyName.replace(/\s*\((?:\s*-?\d+\s+[^,)]+,?)+\)\s*$/, '');

/** Tag colour of a state: faults red, 0 (idle, standby) plain, anything else active. */
export function stateColor(label: string | null, value: number): string {
  if (label && /fault|error|alarm/i.test(label)) return 'error';
  return value === 0 ? 'default' : 'processing';
}
