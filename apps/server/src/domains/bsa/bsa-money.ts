// Money of a storage station (docs/bsa.md, "Money" and "Forecasts and station money (issue 22)"): prices
// have at most 4 decimals, so a price is an exact integer of ten-thousandths per kWh, and Wh x that integer
// is an exact integer of 1e-7 of the currency. A day's sum is rounded once, half up, to the whole cent. One
// method for every page that shows a station's money: the charging data, the operating curve, the forecast's
// revenue.

/** A price per kWh as integer ten-thousandths (exact for prices of at most 4 decimals). */
export const priceTenThousandths = (price: number) => Math.round(price * 10_000);

/** Σ Wh x price ten-thousandths (units of 1e-7) → integer ten-thousandths, rounded half up to the whole cent. */
export function toCents10k(exact: number): number {
  // 1 cent = 100 ten-thousandths = 100,000 units of 1e-7
  const a = Math.abs(Math.round(exact));
  let cents = Math.floor(a / 100_000);
  const rest = a - cents * 100_000;
  if (rest < 0) cents -= 1;
  else if (rest >= 100_000) cents += 1;
  if (a - cents * 100_000 >= 50_000) cents += 1;
  return (exact < 0 ? -cents : cents) * 100;
}
