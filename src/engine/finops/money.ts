/**
 * Money in minor units (docs/allocation.md: conservation after rounding to the currency's minor unit).
 * Amounts are rounded to integer minor units (cents, yen, fils) and split by the
 * largest-remainder method so that the parts add up to the rounded total exactly.
 */

const digitsCache = new Map<string, number>();

/**
 * Number of minor-unit digits of an ISO 4217 currency, from
 * `Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits`
 * (USD/CNY/EUR 2, JPY/KRW 0, KWD/BHD 3). Codes Intl rejects fall back to 2.
 */
export function minorUnitDigits(currency: string): number {
  const code = (currency || "").trim().toUpperCase();
  const hit = digitsCache.get(code);
  if (hit !== undefined) return hit;
  let d = 2;
  try {
    const v = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
      .maximumFractionDigits;
    if (typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 4) d = v;
  } catch {
    // a code Intl rejects: d stays 2
  }
  digitsCache.set(code, d);
  return d;
}

const codeCache = new Map<string, boolean>();

/** True when Intl knows the currency code (otherwise {@link minorUnitDigits} falls back to 2). */
export function isCurrencyCode(currency: string): boolean {
  const code = (currency || "").trim().toUpperCase();
  let known = codeCache.get(code);
  if (known === undefined) {
    try {
      new Intl.NumberFormat("en", { style: "currency", currency: code });
      known = true;
    } catch {
      known = false;
    }
    if (codeCache.size >= 256) codeCache.clear();
    codeCache.set(code, known);
  }
  return known;
}

/**
 * Largest amount (a round power of ten) whose minor units stay exact integers in a double with
 * room to add up a thousand such parts: 1e10 for USD (cents), 1e12 for JPY, 1e9 for KWD. Beyond it
 * the largest-remainder split could no longer conserve the total, so plans refuse larger costs
 * (docs/security.md).
 */
export function maxExactAmount(currency: string): number {
  const d = minorUnitDigits(currency);
  return 10 ** Math.floor(Math.log10(Number.MAX_SAFE_INTEGER / 10 ** d / 1024));
}

/** True when an amount's minor units are an exact integer (see {@link maxExactAmount}). */
export function isExactAmount(amount: number, digits: number): boolean {
  return Number.isFinite(amount) && Math.abs(amount * 10 ** digits) <= Number.MAX_SAFE_INTEGER;
}

/**
 * Round an amount to integer minor units, half away from zero. The product is first cut to 15
 * significant digits so binary noise does not flip a half: 1.005 USD → 101 cents, not 100.
 */
export function toMinor(amount: number, digits: number): number {
  if (!Number.isFinite(amount)) return 0;
  const scaled = Number((amount * 10 ** digits).toPrecision(15));
  const r = Math.round(Math.abs(scaled)) * Math.sign(scaled);
  return r === 0 ? 0 : r; // no −0
}

/** Integer minor units back to an amount: 44308 cents → 443.08. */
export function fromMinor(minor: number, digits: number): number {
  // For an integer below 2^40 in magnitude the division is already the double nearest to the
  // decimal minor / 10^digits, which is what the toFixed round trip gives (and 0 stays +0).
  if (
    Number.isInteger(minor) &&
    minor < 2 ** 40 &&
    minor > -(2 ** 40) &&
    digits >= 0 &&
    digits <= 20 &&
    Number.isInteger(digits)
  )
    return minor === 0 ? 0 : minor / 10 ** digits;
  return Number((minor / 10 ** digits).toFixed(digits));
}

/** Round an amount to the currency's minor unit: roundMoney(443.0769, "USD") = 443.08. */
export function roundMoney(amount: number, currency: string): number {
  const d = minorUnitDigits(currency);
  return fromMinor(toMinor(amount, d), d);
}

const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * Fractional part of `x` (at most 15 significant digits, as `toPrecision(15)` gives) above its
 * floor, rounded to the decimals `x` can have: 1.999 − 1 is 0.9990000000000001 in binary, 0.999
 * here, so that equal decimal remainders tie (and the tie goes to the earlier part).
 */
function remainder(x: number, floor: number): number {
  const a = Math.abs(floor);
  const intDigits = a < 1 ? 0 : Math.floor(Math.log10(a)) + 1;
  const p = POW10[Math.max(0, 15 - intDigits)] ?? 1;
  return Math.round((x - floor) * p) / p;
}

/**
 * Largest-remainder rounding: integer minor units for each amount such that they sum to
 * `totalMinor` exactly. Each part gets ⌊amount × 10^digits⌋; the units still missing (or in
 * excess) go one by one to the parts with the largest (smallest) fractional remainders, ties to
 * the earlier part. Works for any gap between Σ amounts and the total (a gap larger than the number of parts is first spread evenly).
 */
export function largestRemainder(
  amounts: readonly number[],
  totalMinor: number,
  digits: number,
): number[] {
  const n = amounts.length;
  if (n === 0) return [];
  const scale = 10 ** digits;
  const exact = amounts.map((a) => (Number.isFinite(a) ? Number((a * scale).toPrecision(15)) : 0));
  const out = exact.map((x) => Math.floor(x));
  const frac = exact.map((x, i) => remainder(x, out[i]!));
  let gap = Math.round(totalMinor) - out.reduce((s, x) => s + x, 0);
  // Whole rounds first (only when the gap exceeds the number of parts), then one unit each.
  const whole = Math.trunc(gap / n);
  if (whole !== 0) {
    for (let i = 0; i < n; i++) out[i]! += whole;
    gap -= whole * n;
  }
  if (gap === 0) return out.map((x) => (x === 0 ? 0 : x));
  // Largest remainders first when units are missing, smallest first when there are too many.
  // Array.prototype.sort is stable: tied remainders keep index order (ties to the earlier part).
  const order = exact
    .map((_, i) => i)
    .sort(gap > 0 ? (a, b) => frac[b]! - frac[a]! : (a, b) => frac[a]! - frac[b]!);
  const step = gap > 0 ? 1 : -1;
  for (let k = 0; k < Math.abs(gap); k++) out[order[k]!]! += step;
  return out.map((x) => (x === 0 ? 0 : x));
}
