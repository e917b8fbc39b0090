import { compilePathGlob, type PathGlob } from './path-glob.ts';
import type { ScenarioFault } from './scenario-schema.ts';
import { mulberry32 } from './seeded-random.ts';
import type { FaultInForce as PortFaultInForce } from '../../../application/forecast/forecast-controls.ts';

interface Entry {
  readonly fault: ScenarioFault;
  readonly index: number;
  readonly pattern: PathGlob;
  /** Failures still to give when the fault has a count. */
  remaining: number;
}

export type FaultInForce = PortFaultInForce<ScenarioFault>;

/**
 * Which forecast request fails, and how: the scenario's faults in order, the first match winning. A
 * `count` is spent per matching request; a `rate` draws from a PRNG seeded with the scenario's name, so a
 * run of the same requests fails the same ones every time.
 */
export class FaultBook {
  private entries: Entry[] = [];
  private random: () => number = () => 0;

  reset(faults: readonly ScenarioFault[], seed: string): void {
    this.entries = faults.map((fault, index) => ({
      fault,
      index,
      pattern: compilePathGlob(fault.path),
      remaining: fault.count ?? Infinity,
    }));
    this.random = mulberry32(fnv1a(seed));
  }

  /** The fault to apply to this request, if any (spending one of its count). */
  take(method: string, path: string): ScenarioFault | undefined {
    for (const entry of this.entries) {
      if (entry.remaining <= 0) continue;
      if (entry.fault.method !== undefined && entry.fault.method !== method) continue;
      if (!entry.pattern.matches(path)) continue;
      if (entry.fault.rate !== undefined && !(this.random() < entry.fault.rate)) continue;
      entry.remaining--;
      return entry.fault;
    }
    return undefined;
  }

  list(): FaultInForce[] {
    return this.entries.map((e) => ({
      index: e.index,
      fault: e.fault,
      remaining: Number.isFinite(e.remaining) ? e.remaining : null,
    }));
  }
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
