/** Energy in Wh (exact integers from the server) as kWh with 3 decimals: to the Wh. */
export const kwh = (wh: number) => (wh / 1000).toLocaleString(undefined, { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** A rate (a fraction, 6 decimals from the server) in percent with 2 decimals, or the given text without input. */
export const ratePercent = (rate: number | null, none: string) => (rate == null ? none : `${(rate * 100).toFixed(2)} %`);

/** A rate in percent as a chart value (4 decimals, the precision of the server's 6-decimal fraction). */
export const rateValue = (rate: number | null) => (rate == null ? null : Math.round(rate * 1e6) / 1e4);
