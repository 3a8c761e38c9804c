/**
 * A small seeded pseudo-random generator for the fleet simulation (docs/simulate.md), written
 * here so that the CLI, the app's worker and the tests draw the same numbers from the same seed
 * on every platform: xoshiro128** (Blackman and Vigna), 32-bit state words, seeded through
 * splitmix32 so that nearby seeds give unrelated streams.
 *
 * `uniform()` joins two 32-bit outputs into 53 random bits, so every double in [0, 1) on the
 * 2^−53 grid is possible and the exponential and geometric tails reach far enough for a million
 * draws (the largest of a million exponentials is about 14 means; 2^−53 allows 36).
 */

/** splitmix32: one step of the seed mixer (a full-period 32-bit sequence with a strong finaliser). */
function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** The seeded generator: `next32`, `uniform`, `exponential`, `geometric`. */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** `seed`: any finite number (whole numbers up to 2^53 keep all their bits; others are truncated). */
  constructor(seed: number) {
    const whole = Number.isFinite(seed) ? Math.trunc(seed) : 0;
    const lo = (whole % 2 ** 32) >>> 0;
    const hi = Math.floor(whole / 2 ** 32) >>> 0;
    const st = { s: lo ^ Math.imul(hi, 0x27d4eb2f) };
    this.a = splitmix32(st);
    this.b = splitmix32(st);
    this.c = splitmix32(st);
    this.d = splitmix32(st);
    // An all-zero state would stay zero; splitmix32 never gives four zeros in a row, but be sure.
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** The next 32 random bits, as an unsigned integer. */
  next32(): number {
    const b = this.b;
    const m = Math.imul(b, 5);
    const r = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = b << 9;
    this.c ^= this.a;
    this.d ^= b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = (this.d << 11) | (this.d >>> 21);
    return r;
  }

  /** A uniform double in [0, 1) with 53 random bits. */
  uniform(): number {
    const hi = this.next32() >>> 5;
    const lo = this.next32() >>> 6;
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** An exponential draw with the given mean (inversion: −mean·ln(1 − U), U in [0, 1)). */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.uniform());
  }

  /**
   * A geometric draw on 1, 2, 3, … with the given mean (≥ 1): P(X = k) = (1 − p)^(k−1)·p with
   * p = 1 ÷ mean, by inversion: X = 1 + ⌊ln(1 − U) ÷ ln(1 − p)⌋. Mean 1 always gives 1.
   */
  geometric(mean: number): number {
    if (!(mean > 1)) return 1;
    return 1 + Math.floor(Math.log(1 - this.uniform()) / Math.log1p(-1 / mean));
  }
}
