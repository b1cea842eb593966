/** Energy in kWh with 3 decimals (Wh exact). */
export const kwh = (wh: number | null | undefined) =>
  wh === null || wh === undefined ? '-' : (wh / 1000).toLocaleString(undefined, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
/** A ratio (PR, efficiency) as a percentage with 2 decimals. */
export const percent = (v: number | null | undefined) => (v === null || v === undefined ? '-' : `${(v * 100).toFixed(2)} %`);
/** Hours or kWh/kWp with 2 decimals. */
export const fixed2 = (v: number | null | undefined) => (v === null || v === undefined ? '-' : v.toFixed(2));
