import type { HazardContext, HazardRule } from './alert-rules.ts';
import { placeClimate, seasonalClimate, seasonDay, type Climate, type PlaceClimate } from './climate.ts';
import type { Place, WeatherSample } from './model.ts';

/** Finds, in one place's hourly series, the spans of time that meet each hazard rule. */

export interface HazardWindow {
  readonly rule: HazardRule;
  /** First hazardous hour (epoch hour). */
  readonly startHour: number;
  /** Hour after the last hazardous hour. */
  readonly endHour: number;
  /**
   * The hours that meet the rule (epoch hours, ascending; the first is `startHour`): an hour of the window
   * between two of them may not. What a series ending earlier makes of the window (alerts.ts's issuance of an
   * earlier cycle, whose horizon ended inside it) is its hours up to the last of them it holds.
   */
  readonly hits: readonly number[];
  readonly samples: readonly WeatherSample[];
  /**
   * An advisory a stronger product of its family takes over ({@link strongestAsSeen}), whose `hits` are then
   * those before it: all its hits, and the first horizon (an epoch hour) whose series shows the stronger
   * product. A cycle whose horizon ends before that saw the advisory whole, and issued it so.
   */
  readonly upgrade?: { readonly hits: readonly number[]; readonly seenFrom: number };
  /** A whole-event rule's window: the first horizon whose hours up to it qualify. */
  readonly shownFrom?: number;
}

/**
 * The context of each hour of one place's series, handed to the rules one hour at a time. One object, moved
 * from hour to hour (a rule reads it only during its call), and the season's climate is worked out only for
 * an hour whose rule asks for it, once per hour for all rules: most rules never look at it, and the alert
 * cycle asks for 3,933 zones × 96 hours. Pure, so the answers are those of a context made for every hour.
 */
class HourContexts implements HazardContext {
  hour: number;
  private index = 0;
  private readonly climates: (Climate | undefined)[];
  /** Worked out when an hour's climate is first asked for: a place whose rules never ask does without. */
  private pc: PlaceClimate | undefined;

  constructor(
    readonly place: Place,
    readonly firstHour: number,
    hours: number,
    pc?: PlaceClimate,
  ) {
    this.hour = firstHour;
    this.climates = new Array<Climate | undefined>(hours);
    this.pc = pc;
  }

  get placeClimate(): PlaceClimate {
    return (this.pc ??= placeClimate(this.place));
  }

  get climate(): Climate {
    return (this.climates[this.index] ??= seasonalClimate(this.placeClimate, seasonDay(this.hour)));
  }

  /** The context of the series' `i`-th hour. */
  at(i: number): HazardContext {
    this.index = i;
    this.hour = this.firstHour + i;
    return this;
  }
}

/**
 * The context of one hour at a place, on its own (a rule's whole-event criterion for one issuance). Its climate
 * is worked out if the rule reads it: of the criteria only the Flood Watch's does.
 */
export function hazardContext(place: Place, hour: number): HazardContext {
  let pc: PlaceClimate | undefined;
  let climate: Climate | undefined;
  return {
    place,
    hour,
    get placeClimate() {
      return (pc ??= placeClimate(place));
    },
    get climate() {
      return (climate ??= seasonalClimate((pc ??= placeClimate(place)), seasonDay(hour)));
    },
  };
}

/**
 * The rules whose hazard a place's series may begin in the middle of: their criteria are met in its first
 * hours, close enough to the start (within the rule's `mergeGapHours`) that hours before it could belong to
 * the same window. Filled in by {@link ruleHazards} when passed.
 */
export type OpenStart = Set<HazardRule>;

/**
 * Whether one of `rules` may be under way as a place's series begins: what {@link ruleHazards} adds to its
 * `openStart`, a hit within the rule's `mergeGapHours` of the first hour, found without finding the windows.
 */
export function underWayAtStart(
  rules: readonly HazardRule[],
  place: Place,
  firstHour: number,
  samples: readonly WeatherSample[],
  pc?: PlaceClimate,
): boolean {
  const head = Math.min(samples.length, 1 + Math.max(...rules.map((r) => r.mergeGapHours)));
  const contexts = new HourContexts(place, firstHour, head, pc);
  for (const rule of rules)
    for (let i = 0; i <= rule.mergeGapHours && i < head; i++) if (rule.hourly(samples[i]!, contexts.at(i))) return true;
  return false;
}

/** Hazard windows for one rule over a place's series. */
function ruleWindows(
  rule: HazardRule,
  contexts: HourContexts,
  samples: readonly WeatherSample[],
  openStart?: OpenStart,
): HazardWindow[] {
  const windows: HazardWindow[] = [];
  let start = -1;
  let last = -1;
  let hits: number[] = [];
  for (let i = 0; i < samples.length; i++) {
    if (!rule.hourly(samples[i]!, contexts.at(i))) continue;
    if (openStart && last < 0 && i <= rule.mergeGapHours) openStart.add(rule);
    if (start >= 0 && i - last - 1 > rule.mergeGapHours) {
      closeWindow(rule, contexts, samples, start, last, hits, windows);
      start = -1;
      hits = [];
    }
    if (start < 0) start = i;
    last = i;
    hits.push(contexts.firstHour + i);
  }
  if (start >= 0) closeWindow(rule, contexts, samples, start, last, hits, windows);
  return windows;
}

/**
 * Adds the window of a rule's hits from `start` to `last` (at the hours `hits`) to `windows` if it is long enough
 * and qualifies. A function of its own, not a closure made for each rule and place: the alert cycle runs
 * every rule over every zone.
 */
function closeWindow(
  rule: HazardRule,
  contexts: HourContexts,
  samples: readonly WeatherSample[],
  start: number,
  last: number,
  hits: readonly number[],
  windows: HazardWindow[],
): void {
  const slice = samples.slice(start, last + 1);
  if (hits.length >= rule.minHours && (!rule.qualifies || rule.qualifies(slice, contexts.at(start)))) {
    const firstHour = contexts.firstHour;
    let shownFrom: number | undefined;
    if (rule.qualifies)
      for (let k = rule.minHours - 1; k < hits.length && shownFrom === undefined; k++) {
        const end = hits[k]! - firstHour + 1;
        if (rule.qualifies(samples.slice(start, end), contexts.at(start))) shownFrom = hits[k]! + 1;
      }
    windows.push({
      rule,
      startHour: firstHour + start,
      endHour: firstHour + last + 1,
      hits,
      samples: slice,
      shownFrom,
    });
  }
}

/** A product's strength: a warning 0, a watch 1, an advisory 2. */
function rankOf(rule: HazardRule): number {
  return rule.significance === 'W' ? 0 : rule.significance === 'A' ? 1 : 2;
}

/** Whether `a` is a stronger product of `b`'s family, one whose window takes over `b`'s ({@link strongest}). */
export function outranks(a: HazardRule, b: HazardRule): boolean {
  return a.family === b.family && rankOf(a) < rankOf(b);
}

function overlaps(a: HazardWindow, b: HazardWindow): boolean {
  return a.startHour < b.endHour && b.startHour < a.endHour;
}

/**
 * Each rule's hazard windows over a place's series, all of them (see {@link strongest}). `pc`: the place's
 * climate where the caller has it already (its model site's), else worked out if a rule asks for it.
 */
export function ruleHazards(
  rules: readonly HazardRule[],
  place: Place,
  firstHour: number,
  samples: readonly WeatherSample[],
  openStart?: OpenStart,
  pc?: PlaceClimate,
): HazardWindow[] {
  const contexts = new HourContexts(place, firstHour, samples.length, pc);
  return rules.flatMap((rule) => ruleWindows(rule, contexts, samples, openStart));
}

/**
 * Within a family the stronger product wins: a window overlapping a stronger product of the same family is
 * dropped, as the NWS would upgrade rather than issue both, but for an advisory's hours before the first such
 * product begins, where they still make one of its windows: the NWS runs an advisory until the warning that
 * takes over from it (a Heat Advisory today, an Extreme Heat Warning tomorrow). A watch gives way whole, and
 * so does a rule judged on the whole event (the winter products, the Flood Watch: `qualifies`), whose warning
 * covers the event from its start, as the NWS's do.
 */
export function strongest(all: readonly HazardWindow[]): HazardWindow[] {
  return strongestAsSeen(all).filter((w) => w.hits.length >= w.rule.minHours);
}

/**
 * {@link strongest}'s windows, each advisory a stronger product takes over with its `upgrade` (all its hits,
 * and the horizon that first shows the stronger product), kept even where too few of its hours are left before
 * that product to make a window of its own: an issuance whose cycle's horizon ended before the warning was
 * seen named the advisory's zone, and a later cycle lists that issuance as it was sent (alert-zones.ts's
 * seenBy). CRP's HT.Y.5566, sent 2026-08-20 21Z for ten zones, lost TXZ345-346 from the next cycle on, when the
 * Extreme Heat Warning of the 22nd took their advisory's hours.
 */
export function strongestAsSeen(all: readonly HazardWindow[]): HazardWindow[] {
  const chosen: HazardWindow[] = [];
  for (const w of all) {
    let from = Infinity;
    let seenFrom = Infinity;
    for (const o of all)
      if (o !== w && outranks(o.rule, w.rule) && overlaps(o, w)) {
        from = Math.min(from, o.startHour);
        seenFrom = Math.min(seenFrom, o.shownFrom ?? o.hits[o.rule.minHours - 1]! + 1);
      }
    if (from === Infinity) chosen.push(w);
    else if (w.rule.significance === 'Y') {
      // A whole-event advisory (`qualifies`) keeps no hour of its own, its warning covering the event from its
      // start, only what the cycles before the warning saw (PAJK's WW.Y.0939, sent 2026-02-07 20:06Z, lost
      // AKZ332 at the next cycle, whose horizon gave the zone a Winter Storm Warning window of its own).
      const hits = w.rule.qualifies ? [] : w.hits.filter((h) => h < from);
      const endHour = hits.length ? hits[hits.length - 1]! + 1 : w.startHour;
      chosen.push({
        ...w,
        endHour,
        hits,
        samples: w.samples.slice(0, endHour - w.startHour),
        upgrade: { hits: w.hits, seenFrom },
      });
    }
  }
  return chosen;
}

/** All hazard windows for a place, the strongest of each family (see {@link strongest}). */
export function placeHazards(
  rules: readonly HazardRule[],
  place: Place,
  firstHour: number,
  samples: readonly WeatherSample[],
): HazardWindow[] {
  return strongest(ruleHazards(rules, place, firstHour, samples));
}
