// Data points of the battery levels: which points a rack, pack and cell must report, and the checks of a
// data-point template (zod-free, shared by the server's contract and the web's form).

export const BATTERY_LEVELS = ['rack', 'pack', 'cell'] as const;
export type BatteryLevel = (typeof BATTERY_LEVELS)[number];

export const POINT_STATES = ['normal', 'warning', 'fault'] as const;
export type PointState = (typeof POINT_STATES)[number];

export interface PointRange {
  from: number;
  to: number;
  state: PointState;
}

export interface DataPoint {
  /** The point's key in the FCS's reports, e.g. `voltage`. */
  key: string;
  name: string;
  unit: string;
  /** The plausible measuring range; a reading outside it is refused. */
  min: number;
  max: number;
  /** State bands within min..max, [from, to), not overlapping. */
  ranges: PointRange[];
}

/** The points each level must report, with their unit (the FCS reports in these units). */
export const REQUIRED_POINTS: Record<BatteryLevel, { key: string; name: string; unit: string }[]> = {
  rack: [
    { key: 'voltage', name: 'Voltage', unit: 'V' },
    { key: 'current', name: 'Current', unit: 'A' },
    { key: 'soc', name: 'SOC', unit: '%' },
    { key: 'soh', name: 'SOH', unit: '%' },
    { key: 'temperatureMax', name: 'Highest temperature', unit: '°C' },
    { key: 'temperatureMin', name: 'Lowest temperature', unit: '°C' },
  ],
  pack: [
    { key: 'voltage', name: 'Voltage', unit: 'V' },
    { key: 'temperatureMax', name: 'Highest temperature', unit: '°C' },
    { key: 'temperatureMin', name: 'Lowest temperature', unit: '°C' },
    { key: 'cellVoltageMax', name: 'Highest cell voltage', unit: 'V' },
    { key: 'cellVoltageMin', name: 'Lowest cell voltage', unit: 'V' },
  ],
  cell: [
    { key: 'voltage', name: 'Cell voltage', unit: 'V' },
    { key: 'temperature', name: 'Temperature', unit: '°C' },
    { key: 'soc', name: 'SOC', unit: '%' },
  ],
};

export interface PointProblem {
  path: (string | number)[];
  message: string;
}

/**
 * Every problem of a level's points: a required point missing, a key twice, a required point in
 * another unit, min not below max, a range outside min..max or empty, ranges that overlap.
 */
export function pointProblems(level: BatteryLevel, points: DataPoint[]): PointProblem[] {
  const problems: PointProblem[] = [];
  const seen = new Map<string, number>();
  points.forEach((p, i) => {
    const first = seen.get(p.key);
    if (first !== undefined) problems.push({ path: ['points', i, 'key'], message: `${p.key} is already point ${first + 1}` });
    else seen.set(p.key, i);
    const required = REQUIRED_POINTS[level].find((r) => r.key === p.key);
    if (required && p.unit !== required.unit) {
      problems.push({ path: ['points', i, 'unit'], message: `${p.key} is reported in ${required.unit}, not ${p.unit}` });
    }
    if (!(p.min < p.max)) problems.push({ path: ['points', i, 'max'], message: `must be more than min (${p.min})` });
    p.ranges.forEach((r, j) => {
      if (!(r.from < r.to)) problems.push({ path: ['points', i, 'ranges', j, 'to'], message: `must be more than from (${r.from})` });
      else if (r.from < p.min || r.to > p.max) {
        problems.push({ path: ['points', i, 'ranges', j], message: `${r.from}-${r.to} is outside the point's range ${p.min}-${p.max}` });
      }
    });
    const sorted = p.ranges.map((r, j) => ({ ...r, j })).sort((a, b) => a.from - b.from || a.j - b.j);
    for (let k = 1; k < sorted.length; k++) {
      const prev = sorted[k - 1]!;
      const cur = sorted[k]!;
      if (cur.from < prev.to) {
        const [a, b] = [prev.j, cur.j].sort((x, y) => x - y) as [number, number];
        problems.push({
          path: ['points', i, 'ranges', b],
          message: `${cur.from}-${cur.to} overlaps ${prev.from}-${prev.to} (ranges ${a + 1} and ${b + 1})`,
        });
      }
    }
  });
  for (const r of REQUIRED_POINTS[level]) {
    if (!seen.has(r.key))
      problems.push({ path: ['points'], message: `missing ${r.key} (${r.name}, ${r.unit}), which a ${level} must report` });
  }
  return problems;
}
