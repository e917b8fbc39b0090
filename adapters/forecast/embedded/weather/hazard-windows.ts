import type { HazardContext, HazardRule } from './alert-rules.ts';
import { placeClimate, seasonalClimate, seasonDay } from './climate.ts';
import type { Place, WeatherSample } from './model.ts';

/** Finds, in one place's hourly series, the spans of time that meet each hazard rule. */

export interface HazardWindow {
  readonly rule: HazardRule;
  /** First hazardous hour (epoch hour). */
  readonly startHour: number;
  /** Hour after the last hazardous hour. */
  readonly endHour: number;
  readonly samples: readonly WeatherSample[];
}

/** Hazard windows for one rule; `contexts[i]` describes the hour of `samples[i]`. */
export function ruleWindows(rule: HazardRule, contexts: readonly HazardContext[], samples: readonly WeatherSample[]): HazardWindow[] {
  const firstHour = contexts[0]?.hour ?? 0;
  const windows: HazardWindow[] = [];
  let start = -1;
  let last = -1;
  let hits = 0;
  const close = () => {
    if (start < 0) return;
    const slice = samples.slice(start, last + 1);
    if (hits >= rule.minHours && (!rule.qualifies || rule.qualifies(slice))) {
      windows.push({ rule, startHour: firstHour + start, endHour: firstHour + last + 1, samples: slice });
    }
    start = -1;
    hits = 0;
  };
  samples.forEach((s, i) => {
    if (!rule.hourly(s, contexts[i]!)) return;
    if (start >= 0 && i - last - 1 > rule.mergeGapHours) close();
    if (start < 0) start = i;
    last = i;
    hits++;
  });
  close();
  return windows;
}

function overlaps(a: HazardWindow, b: HazardWindow): boolean {
  return a.startHour < b.endHour && b.startHour < a.endHour;
}

/**
 * All hazard windows for a place. Within a family the stronger product wins: an
 * advisory overlapping a warning of the same family is dropped, as the NWS would
 * upgrade rather than issue both.
 */
export function placeHazards(rules: readonly HazardRule[], place: Place, firstHour: number, samples: readonly WeatherSample[]): HazardWindow[] {
  const pc = placeClimate(place);
  const contexts = samples.map((_, i) => ({ place, hour: firstHour + i, climate: seasonalClimate(pc, seasonDay(firstHour + i)) }));
  const all = rules.flatMap((rule) => ruleWindows(rule, contexts, samples));
  const rank = (w: HazardWindow) => (w.rule.significance === 'W' ? 0 : w.rule.significance === 'A' ? 1 : 2);
  return all.filter((w) => !all.some((o) => o !== w && o.rule.family === w.rule.family && rank(o) < rank(w) && overlaps(o, w)));
}
