// Whether an alert keeps its identity from cycle to cycle (issue 38): generates consecutive 12-hourly cycles
// for some offices and compares every issuance listed by two cycles (the same event, zone and `sent`): its id,
// its VTEC event (phenomenon, significance, ETN) and its action must be the same in both, and an issuance a
// cycle lists that the next one's 48 h lookback still covers must still be there. Across all the cycles an
// Update's ETN is that of every earlier issuance of its event it references, and no NEW references one.
//
//   npx tsx scripts/alert-id-stability.ts                        12 offices, 10 cycles to 2026-11-28 09Z
//   npx tsx scripts/alert-id-stability.ts 2026-01-15T09 24 20    20 offices, 24 cycles to that cycle
import { pathToFileURL } from 'node:url';
import { generateOfficeAlerts } from '../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import { loadEmbeddedDeps } from '../adapters/forecast/embedded/load-embedded-deps.ts';
import {
  CYCLE_HOURS,
  LOOKBACK_HOURS,
  latestCycle,
  type AlertFeature,
  type AlertZone,
} from '../adapters/forecast/embedded/weather/index.ts';

const HOUR = 3_600_000;
/** Storm-based warnings are sent at their own minute, not before a cycle (storm-warnings.ts). */
const STORM_PRODUCTS = new Set(['TOR', 'SVR', 'FFW', 'SMW']);

export interface Stability {
  /** (issuance, zone) pairs listed by two cycles. */
  compared: number;
  /** Of those, the ones whose id differs. */
  idChanged: number;
  /** Of those, the ones whose VTEC event (phenomenon.significance.ETN) differs. */
  eventChanged: number;
  /** Of those, the ones whose VTEC action differs. */
  actionChanged: number;
  /**
   * Of the changed ids, those whose VTEC differs in its end time alone: the later cycle's horizon reached hours
   * that join the event's (a hazard's merging gap), so the earlier issuance's end is drawn later.
   */
  endChanged: number;
  /** Pairs a cycle listed, sent inside a later cycle's lookback, that the later cycle does not list. */
  missing: number;
  /** References from an issuance to an earlier one of the same phenomenon and significance with another ETN. */
  etnBreaks: number;
  /** NEW issuances that reference an earlier issuance of their own phenomenon and significance. */
  newWithHistory: number;
  /** Distinct issuances seen over all the cycles. */
  issuances: number;
  /** Changed ids and missing issuances by event. */
  byEvent: Record<string, number>;
  /** A few examples of changes, for reading. */
  examples: string[];
}

const vtecOf = (a: AlertFeature): string => a.properties.parameters['VTEC']?.[0] ?? '';
/** `/O.NEW.KTOP.HT.Y.0003.…/` → action NEW, event `KTOP.HT.Y.0003`. */
function parseVtec(a: AlertFeature): { action: string; event: string; kind: string } {
  const [, action = '', office = '', phen = '', sig = '', etn = ''] = vtecOf(a).split('.');
  return { action, event: `${office}.${phen}.${sig}.${etn}`, kind: `${office}.${phen}.${sig}` };
}
const isStorm = (a: AlertFeature): boolean =>
  STORM_PRODUCTS.has((a.properties.parameters['AWIPSidentifier']?.[0] ?? '').slice(0, 3));

/** Each (event, sent, zone) of a cycle's list: at most one issuance names a zone for an event at a time. */
function byZone(alerts: readonly AlertFeature[]): Map<string, AlertFeature> {
  const map = new Map<string, AlertFeature>();
  for (const a of alerts)
    for (const zone of a.properties.geocode.UGC) map.set(`${a.properties.event}|${a.properties.sent}|${zone}`, a);
  return map;
}

/** Compares the lists of consecutive cycles `cycles` (epoch hours, ascending) of each office's zones. */
export function measureStability(offices: readonly (readonly AlertZone[])[], cycles: readonly number[]): Stability {
  const s: Stability = {
    compared: 0,
    idChanged: 0,
    eventChanged: 0,
    actionChanged: 0,
    endChanged: 0,
    missing: 0,
    etnBreaks: 0,
    newWithHistory: 0,
    issuances: 0,
    byEvent: {},
    examples: [],
  };
  const seen = new Map<string, AlertFeature>();
  for (const zones of offices) {
    const lists = cycles.map((c) => byZone(generateOfficeAlerts(zones, c)));
    for (const list of lists) for (const a of list.values()) seen.set(a.properties.id, a);
    for (let i = 0; i < cycles.length; i++)
      for (let j = i + 1; j < cycles.length; j++) {
        const lookbackMs = (cycles[j]! - LOOKBACK_HOURS) * HOUR;
        if (cycles[j]! - cycles[i]! > LOOKBACK_HOURS + CYCLE_HOURS) break;
        for (const [key, a] of lists[i]!) {
          const sent = Date.parse(a.properties.sent);
          // A cycle's own issuances are sent in the hour before it; storm warnings from the lookback's hour on.
          const due = sent >= lookbackMs - (isStorm(a) ? 0 : HOUR);
          const b = lists[j]!.get(key);
          const count = () => (s.byEvent[a.properties.event] = (s.byEvent[a.properties.event] ?? 0) + 1);
          if (!b) {
            if (due) {
              s.missing++;
              count();
              if (s.examples.length < 30) s.examples.push(`missing at ${iso(cycles[j]!)}: ${key} ${vtecOf(a)}`);
            }
            continue;
          }
          s.compared++;
          const [va, vb] = [parseVtec(a), parseVtec(b)];
          const endOnly =
            vtecOf(a).slice(0, -13) === vtecOf(b).slice(0, -13) && a.properties.ends !== b.properties.ends;
          if (a.properties.id !== b.properties.id) {
            s.idChanged++;
            if (endOnly) s.endChanged++;
            count();
          }
          if (va.event !== vb.event) s.eventChanged++;
          if (va.action !== vb.action) s.actionChanged++;
          // The examples: what the end alone does not explain first.
          if (a.properties.id !== b.properties.id && !endOnly && s.examples.length < 30)
            s.examples.push(`${iso(cycles[i]!)} → ${iso(cycles[j]!)}: ${key} ${vtecOf(a)} → ${vtecOf(b)}`);
        }
      }
  }
  s.issuances = seen.size;
  for (const a of seen.values()) {
    const own = parseVtec(a);
    for (const ref of a.properties.references) {
      const earlier = seen.get(ref.identifier);
      if (!earlier || parseVtec(earlier).kind !== own.kind) continue;
      if (own.action === 'NEW') s.newWithHistory++;
      else if (parseVtec(earlier).event !== own.event) s.etnBreaks++;
    }
  }
  return s;
}

/**
 * The issuances (event, sent, VTEC event) listed by two of the consecutive cycles `cycles` whose zones differ:
 * an issuance keeps the zones its own cycle gave it, however a later one sees the event. `skip`: events left out.
 */
export function zoneChanges(
  offices: readonly (readonly AlertZone[])[],
  cycles: readonly number[],
  skip: ReadonlySet<string> = new Set(),
): { compared: number; changed: string[] } {
  const out = { compared: 0, changed: [] as string[] };
  const zonesOf = (a: AlertFeature) => a.properties.geocode.UGC.join(' ');
  for (const zones of offices) {
    const lists = cycles.map((c) => {
      const alerts = generateOfficeAlerts(zones, c).filter((a) => !isStorm(a) && !skip.has(a.properties.event));
      return new Map(alerts.map((a) => [`${a.properties.event}|${a.properties.sent}|${parseVtec(a).event}`, a]));
    });
    for (let i = 0; i < cycles.length; i++)
      for (let j = i + 1; j < cycles.length; j++)
        for (const [key, a] of lists[i]!) {
          const b = lists[j]!.get(key);
          if (!b) continue;
          out.compared++;
          if (zonesOf(a) !== zonesOf(b))
            out.changed.push(`${iso(cycles[i]!)} → ${iso(cycles[j]!)}: ${key} [${zonesOf(a)}] → [${zonesOf(b)}]`);
        }
  }
  return out;
}

const iso = (hour: number): string => new Date(hour * HOUR).toISOString().slice(0, 13);

/** `count` offices spread over the list (every n-th), with land or marine zones. */
export function spreadOffices(all: readonly (readonly AlertZone[])[], count: number): (readonly AlertZone[])[] {
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % step === 0).slice(0, count);
}

/** `count` consecutive cycles ending with the one in force at `lastMs`. */
export function cyclesTo(lastMs: number, count: number): number[] {
  const last = latestCycle(Math.floor(lastMs / HOUR));
  return Array.from({ length: count }, (_, i) => last - (count - 1 - i) * CYCLE_HOURS);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [at = '2026-11-28T09', cycleCount = '10', officeCount = '12'] = process.argv.slice(2);
  const deps = loadEmbeddedDeps({ now: () => new Date(0) });
  const offices = spreadOffices(Array.from(deps.alertZones!()), Number(officeCount));
  const cycles = cyclesTo(Date.parse(`${at}:00:00Z`), Number(cycleCount));
  const t0 = process.cpuUsage();
  const s = measureStability(offices, cycles);
  const cpu = process.cpuUsage(t0);
  console.log(`${offices.length} offices (${offices.map((z) => z[0]?.officeId).join(' ')}), ${cycles.length} cycles`);
  console.log(JSON.stringify({ ...s, examples: undefined }));
  for (const e of s.examples) console.log(`  ${e}`);
  console.log(`cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`);
}
