/**
 * Seeded 3-D gradient (Perlin-style) noise. Gradient rather than value noise
 * because its derivative is continuous and it has no lattice-aligned plateaus,
 * so neighbouring grid cells and consecutive hours always differ a little.
 */

// The 12 cube-edge directions: isotropic enough and needs no normalisation.
const GX = [1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0] as const;
const GY = [1, 1, -1, -1, 0, 0, 0, 0, 1, -1, 1, -1] as const;
const GZ = [0, 0, 0, 0, 1, 1, -1, -1, 1, 1, -1, -1] as const;

function fade(t: number): number {
  return t * t * t * (t * (t * 6 - 15) + 10);
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/**
 * The gradient index (0-11) of a lattice point: a multiply-xor hash with the murmur finaliser, cheap and
 * well mixed.
 */
function gradientIndex(seed: number, ix: number, iy: number, iz: number): number {
  let h = Math.imul(ix, 0x27d4eb2d) ^ Math.imul(iy, 0x165667b1) ^ Math.imul(iz, 0x2545f491) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % 12;
}

/** A lattice corner's contribution: its gradient dotted with the offset from it. */
function corner(g: number, dx: number, dy: number, dz: number): number {
  return GX[g]! * dx + GY[g]! * dy + GZ[g]! * dz;
}

/** Raw gradient noise, roughly in [-1, 1] (rarely beyond ±0.9), zero at lattice points. */
export function gradientNoise3(seed: number, x: number, y: number, z: number): number {
  return new LatticeCache(seed).noise(x, y, z);
}

/**
 * Raw gradient noise that remembers the gradients of the last lattice cell it was asked about (see
 * NoiseSet, which holds the one implementation): a one-field set on the unscaled lattice.
 */
export class LatticeCache {
  private readonly set: NoiseSet;

  constructor(seed: number) {
    this.set = new NoiseSet([{ scale: { seed, lengthKm: 1, periodHours: 1 }, raw: true }]);
  }

  noise(x: number, y: number, z: number): number {
    this.set.evaluate({ xKm: x, yKm: y }, z);
    return this.set.values[0]!;
  }
}

/** Where the noise is sampled: a position in km on a local flat projection, and a time in hours. */
export interface NoisePoint {
  readonly xKm: number;
  readonly yKm: number;
  readonly hours: number;
}

/** One spatio-temporal scale of variability. */
export interface NoiseScale {
  readonly seed: number;
  /** Feature size in km; cells a few percent of this apart are nearly equal. */
  readonly lengthKm: number;
  /** Time for the pattern to change substantially, in hours. */
  readonly periodHours: number;
  /** Eastward drift of the pattern in km/h, as weather systems travel with the westerlies. */
  readonly driftKmh?: number;
}

/**
 * Noise at a point for one scale, rescaled to span about [-1, 1].
 * The 1.6 gain compensates for gradient noise's narrow typical range (σ ≈ 0.3).
 */
export function scaledNoise(scale: NoiseScale, p: NoisePoint): number {
  return new NoiseField(scale).at(p.xKm, p.yKm, p.hours);
}

/** One field of a {@link NoiseSet}: a scale, and optionally a fixed offset from the point asked about. */
export interface NoiseSetField {
  readonly scale: NoiseScale;
  /** Sampled at (x + dxKm, y + dyKm) rather than (x, y): the pressure gradient's neighbours. */
  readonly offsetKm?: { readonly dxKm: number; readonly dyKm: number };
  /** The lattice's own value, without the gain and clamp of a scale (LatticeCache). */
  readonly raw?: boolean;
}

/**
 * Several fields' noise at one point and hour, written into {@link values} (a field's value at its index).
 *
 * The model samples its fields together at every place and hour, hundreds of thousands of times an alert
 * cycle, so this is written for V8: the lattice is evaluated inline in one loop, each field's state is in
 * typed arrays, and nothing is returned. A function called for each value would box it, and the coordinates
 * passed to it, as heap numbers: that was 40% of the alert cycle's allocation (measured).
 *
 * Each field remembers the gradients of its last lattice cell: the model asks for the same place hour after
 * hour, and cells span hours to days, so the eight corner hashes are mostly skipped. A field's value is
 * {@link scaledNoise}'s, bit for bit: the same operations in the same order.
 */
export class NoiseSet {
  readonly values: Float64Array;
  private readonly seed: Int32Array;
  private readonly drift: Float64Array;
  private readonly lengthKm: Float64Array;
  private readonly periodHours: Float64Array;
  private readonly shifted: Uint8Array;
  private readonly dxKm: Float64Array;
  private readonly dyKm: Float64Array;
  private readonly raw: Uint8Array;
  /** Each field's last cell: x0, y0, z0 (NaN until the first call). */
  private readonly cell: Float64Array;
  /** Each field's last cell's eight corner gradients, in the order 000, 100, 010, 110, 001, 101, 011, 111. */
  private readonly gradient: Uint8Array;

  constructor(fields: readonly NoiseSetField[]) {
    const n = fields.length;
    this.values = new Float64Array(n);
    this.seed = Int32Array.from(fields, (f) => f.scale.seed);
    this.drift = Float64Array.from(fields, (f) => f.scale.driftKmh ?? 0);
    this.lengthKm = Float64Array.from(fields, (f) => f.scale.lengthKm);
    this.periodHours = Float64Array.from(fields, (f) => f.scale.periodHours);
    this.shifted = Uint8Array.from(fields, (f) => (f.offsetKm ? 1 : 0));
    this.dxKm = Float64Array.from(fields, (f) => f.offsetKm?.dxKm ?? 0);
    this.dyKm = Float64Array.from(fields, (f) => f.offsetKm?.dyKm ?? 0);
    this.raw = Uint8Array.from(fields, (f) => (f.raw ? 1 : 0));
    this.cell = new Float64Array(3 * n).fill(Number.NaN);
    this.gradient = new Uint8Array(8 * n);
  }

  /** Every field at a point (km on the noise plane) and hour, into {@link values}. */
  evaluate(at: { readonly xKm: number; readonly yKm: number }, hours: number): void {
    const cell = this.cell;
    const g = this.gradient;
    for (let k = 0; k < this.values.length; k++) {
      // An offset is added even when it is 0 on one axis, as the model always did (x + 0 turns −0 into 0).
      const xKm = this.shifted[k] ? at.xKm + this.dxKm[k]! : at.xKm;
      const yKm = this.shifted[k] ? at.yKm + this.dyKm[k]! : at.yKm;
      const drift = this.drift[k]! * hours;
      const lengthKm = this.lengthKm[k]!;
      const x = (xKm - drift) / lengthKm;
      const y = yKm / lengthKm;
      const z = hours / this.periodHours[k]!;

      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const z0 = Math.floor(z);
      const c = 3 * k;
      const o = 8 * k;
      if (x0 !== cell[c] || y0 !== cell[c + 1] || z0 !== cell[c + 2]) {
        const seed = this.seed[k]!;
        cell[c] = x0;
        cell[c + 1] = y0;
        cell[c + 2] = z0;
        g[o] = gradientIndex(seed, x0, y0, z0);
        g[o + 1] = gradientIndex(seed, x0 + 1, y0, z0);
        g[o + 2] = gradientIndex(seed, x0, y0 + 1, z0);
        g[o + 3] = gradientIndex(seed, x0 + 1, y0 + 1, z0);
        g[o + 4] = gradientIndex(seed, x0, y0, z0 + 1);
        g[o + 5] = gradientIndex(seed, x0 + 1, y0, z0 + 1);
        g[o + 6] = gradientIndex(seed, x0, y0 + 1, z0 + 1);
        g[o + 7] = gradientIndex(seed, x0 + 1, y0 + 1, z0 + 1);
      }
      const fx = x - x0;
      const fy = y - y0;
      const fz = z - z0;
      const u = fade(fx);
      const v = fade(fy);
      const w = fade(fz);
      const c000 = corner(g[o]!, fx, fy, fz);
      const c100 = corner(g[o + 1]!, fx - 1, fy, fz);
      const c010 = corner(g[o + 2]!, fx, fy - 1, fz);
      const c110 = corner(g[o + 3]!, fx - 1, fy - 1, fz);
      const c001 = corner(g[o + 4]!, fx, fy, fz - 1);
      const c101 = corner(g[o + 5]!, fx - 1, fy, fz - 1);
      const c011 = corner(g[o + 6]!, fx, fy - 1, fz - 1);
      const c111 = corner(g[o + 7]!, fx - 1, fy - 1, fz - 1);
      const n = lerp(
        lerp(lerp(c000, c100, u), lerp(c010, c110, u), v),
        lerp(lerp(c001, c101, u), lerp(c011, c111, u), v),
        w,
      );
      this.values[k] = this.raw[k] ? n : Math.max(-1, Math.min(1, n * 1.6));
    }
  }
}

/** One scale's noise, sampled again and again where the caller asks: a {@link NoiseSet} of one field. */
export class NoiseField {
  private readonly set: NoiseSet;

  constructor(scale: NoiseScale) {
    this.set = new NoiseSet([{ scale }]);
  }

  at(xKm: number, yKm: number, hours: number): number {
    this.set.evaluate({ xKm, yKm }, hours);
    return this.set.values[0]!;
  }
}

const KM_PER_DEGREE = 111.195;

/**
 * Projects lat/lon to km with a sinusoidal projection centred on CONUS (96°W), whose
 * shear stays small there; noise coordinates need continuity, not exact distances.
 */
export function toNoisePoint(lat: number, lon: number, hours: number): NoisePoint {
  return {
    xKm: (lon + 96) * KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180),
    yKm: lat * KM_PER_DEGREE,
    hours,
  };
}
