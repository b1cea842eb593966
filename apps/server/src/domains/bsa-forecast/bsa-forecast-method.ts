// The day-ahead forecast of a storage station's load and PV (docs/bsa.md, "Forecasts and station money
// (issue 22)"): pure functions over a history of 15-minute means, used by the service and by
// bench/bsa-forecast.ts. No I/O.

/** Per local day (YYYY-MM-DD), per local time of its step (HH:mm), the mean power of that step, kW. */
export type History = Map<string, Map<string, number>>;

/** How far back the method reads: 4 weeks of the same weekday plus the 7 validation days. */
export const HISTORY_DAYS = 35;
export const WEEKDAY_WEEKS = 4;
export const VALIDATION_DAYS = 7;
/** The recent windows tried: yesterday alone, or the mean of the last 3 days. */
export const RECENT_WINDOWS = [1, 3] as const;
/** The weights of the recent mean tried (the rest goes to the same weekday's mean). */
export const WEIGHTS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] as const;

export interface Mix {
  recentDays: number;
  weightRecent: number;
}

export interface DayForecast {
  /** The forecast per time asked, kW (null: no history at that time). */
  values: (number | null)[];
  mix: Mix;
  /** Mean absolute error of the chosen mix over the validation days, kW (null: nothing to measure). */
  validationMae: number | null;
  /** The same of the naive forecast (the same time yesterday) over those days. */
  naiveMae: number | null;
  /** Days of the history window with at least one value. */
  historyDays: number;
}

/** The day `n` days after `date` (negative: before), YYYY-MM-DD. */
export function addDays(date: string, n: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

function valuesOf(history: History, days: string[], time: string): number[] {
  const out: number[] = [];
  for (const d of days) {
    const v = history.get(d)?.get(time);
    if (v !== undefined && Number.isFinite(v)) out.push(v);
  }
  return out;
}

/**
 * The mix's forecast of one step of `date` from the days before it only: `weight` x the mean of the last
 * `recentDays` days at that time + (1 - weight) x the mean of the same weekday over the last 4 weeks at that
 * time. When one of the two means has no value the other is used alone; null when neither has one.
 */
export function mixAt(history: History, date: string, time: string, mix: Mix): number | null {
  const recent = mean(
    valuesOf(
      history,
      Array.from({ length: mix.recentDays }, (_, k) => addDays(date, -(k + 1))),
      time,
    ),
  );
  const weekday = mean(
    valuesOf(
      history,
      Array.from({ length: WEEKDAY_WEEKS }, (_, k) => addDays(date, -7 * (k + 1))),
      time,
    ),
  );
  if (recent === null) return weekday;
  if (weekday === null) return recent;
  return mix.weightRecent * recent + (1 - mix.weightRecent) * weekday;
}

/** The naive forecast: the same time yesterday. */
export function naiveAt(history: History, date: string, time: string): number | null {
  return history.get(addDays(date, -1))?.get(time) ?? null;
}

/** Every mix tried, in the order ties are settled (the first wins). */
export const MIXES: Mix[] = RECENT_WINDOWS.flatMap((recentDays) => WEIGHTS.map((weightRecent) => ({ recentDays, weightRecent })));

/**
 * Forecasts `date` at `times`: each mix is measured on the 7 days before `date` (each of them forecast from
 * its own past only, against what was recorded), the one with the lowest mean absolute error is kept, and
 * `date` is forecast with it. Without any day to measure on, the same weekday and yesterday weigh half each.
 */
export function forecastDay(history: History, date: string, times: string[]): DayForecast {
  const errors = MIXES.map(() => ({ sum: 0, n: 0 }));
  const naive = { sum: 0, n: 0 };
  for (let k = 1; k <= VALIDATION_DAYS; k++) {
    const day = addDays(date, -k);
    const actual = history.get(day);
    if (!actual) continue;
    for (const [time, value] of actual) {
      MIXES.forEach((mix, i) => {
        const f = mixAt(history, day, time, mix);
        if (f === null) return;
        errors[i]!.sum += Math.abs(f - value);
        errors[i]!.n += 1;
      });
      const y = naiveAt(history, day, time);
      if (y !== null) {
        naive.sum += Math.abs(y - value);
        naive.n += 1;
      }
    }
  }
  let best = -1;
  for (let i = 0; i < MIXES.length; i++) {
    if (!errors[i]!.n) continue;
    if (best < 0 || errors[i]!.sum / errors[i]!.n < errors[best]!.sum / errors[best]!.n - 1e-9) best = i;
  }
  const mix = best >= 0 ? MIXES[best]! : { recentDays: 1, weightRecent: 0.5 };
  const firstDay = addDays(date, -HISTORY_DAYS);
  let historyDays = 0;
  for (const [day, values] of history) if (day >= firstDay && day < date && values.size) historyDays += 1;
  return {
    values: times.map((time) => mixAt(history, date, time, mix)),
    mix,
    validationMae: best >= 0 ? errors[best]!.sum / errors[best]!.n : null,
    naiveMae: naive.n ? naive.sum / naive.n : null,
    historyDays,
  };
}
