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
 * Gradient noise that remembers the gradients of the last lattice cell it was asked about. The model samples
 * each field hour after hour at one place, and its cells span hours to days, so the eight hashes are mostly
 * skipped: about half the cost of a call (measured on the alert cycle's 3,933 zones × 96 hours). The values
 * are those of the plain formula, bit for bit: the same operations in the same order.
 */
export class LatticeCache {
  private x0 = Number.NaN;
  private y0 = Number.NaN;
  private z0 = Number.NaN;
  private g000 = 0;
  private g100 = 0;
  private g010 = 0;
  private g110 = 0;
  private g001 = 0;
  private g101 = 0;
  private g011 = 0;
  private g111 = 0;

  constructor(private readonly seed: number) {}

  noise(x: number, y: number, z: number): number {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const z0 = Math.floor(z);
    if (x0 !== this.x0 || y0 !== this.y0 || z0 !== this.z0) {
      const seed = this.seed;
      this.x0 = x0;
      this.y0 = y0;
      this.z0 = z0;
      this.g000 = gradientIndex(seed, x0, y0, z0);
      this.g100 = gradientIndex(seed, x0 + 1, y0, z0);
      this.g010 = gradientIndex(seed, x0, y0 + 1, z0);
      this.g110 = gradientIndex(seed, x0 + 1, y0 + 1, z0);
      this.g001 = gradientIndex(seed, x0, y0, z0 + 1);
      this.g101 = gradientIndex(seed, x0 + 1, y0, z0 + 1);
      this.g011 = gradientIndex(seed, x0, y0 + 1, z0 + 1);
      this.g111 = gradientIndex(seed, x0 + 1, y0 + 1, z0 + 1);
    }
    const fx = x - x0;
    const fy = y - y0;
    const fz = z - z0;
    const u = fade(fx);
    const v = fade(fy);
    const w = fade(fz);
    const c000 = corner(this.g000, fx, fy, fz);
    const c100 = corner(this.g100, fx - 1, fy, fz);
    const c010 = corner(this.g010, fx, fy - 1, fz);
    const c110 = corner(this.g110, fx - 1, fy - 1, fz);
    const c001 = corner(this.g001, fx, fy, fz - 1);
    const c101 = corner(this.g101, fx - 1, fy, fz - 1);
    const c011 = corner(this.g011, fx, fy - 1, fz - 1);
    const c111 = corner(this.g111, fx - 1, fy - 1, fz - 1);
    return lerp(
      lerp(lerp(c000, c100, u), lerp(c010, c110, u), v),
      lerp(lerp(c001, c101, u), lerp(c011, c111, u), v),
      w,
    );
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

/**
 * One scale's noise, sampled where the caller asks: {@link scaledNoise} with a {@link LatticeCache}, for a
 * caller that samples the same field again and again (the model keeps one per field and use).
 */
export class NoiseField {
  private readonly lattice: LatticeCache;
  private readonly drift: number;

  constructor(private readonly scale: NoiseScale) {
    this.lattice = new LatticeCache(scale.seed);
    this.drift = scale.driftKmh ?? 0;
  }

  at(xKm: number, yKm: number, hours: number): number {
    const drift = this.drift * hours;
    const n = this.lattice.noise((xKm - drift) / this.scale.lengthKm, yKm / this.scale.lengthKm, hours / this.scale.periodHours);
    return Math.max(-1, Math.min(1, n * 1.6));
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
