/** A point's state ranges as the template form writes them: `2.8-3.65 normal, 3.65-5 fault`. */
export interface Range {
  from: number;
  to: number;
  state: 'normal' | 'warning' | 'fault';
}

const STATES = ['normal', 'warning', 'fault'] as const;
const ONE = /^(-?\d+(?:\.\d+)?)\s*(?:-|~|–)\s*(-?\d+(?:\.\d+)?)\s+(normal|warning|fault)$/;

/** The text of a point's ranges. */
export const rangesText = (ranges: Range[]) => ranges.map((r) => `${r.from}-${r.to} ${r.state}`).join(', ');

/** Ranges from their text, or the part that is not `from-to state` (the server checks overlaps and bounds). */
export function parseRanges(text: string | undefined): { ranges: Range[] } | { bad: string } {
  const parts = (text ?? '')
    .split(/[,;，；]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const ranges: Range[] = [];
  for (const part of parts) {
    const m = ONE.exec(part);
    if (!m || !STATES.includes(m[3] as Range['state'])) return { bad: part };
    ranges.push({ from: Number(m[1]), to: Number(m[2]), state: m[3] as Range['state'] });
  }
  return { ranges };
}
