import { SPRAY_EVENT, type HazardRule } from './alert-rules.ts';
import { SPRAY_LEAD_HOURS } from './marine-lead-times.ts';
import type { WeatherSample } from './model.ts';
import { freezingPointC, waterTempC, type WaterBody } from './water-temperature.ts';

/**
 * Freezing spray (issue 38 item 4): the Heavy Freezing Spray Warning (VTEC UP.W) and the Freezing Spray
 * Advisory (UP.Y) of the Marine Weather Message, which the Great Lakes', Alaska's and New England's offices
 * issue when cold air blows over open water: "an accumulation of freezing water droplets on a vessel at a rate
 * of 2 cm per hour or greater" for the warning, "less than 2 cm per hour" for the advisory (NWS glossary),
 * "caused by some appropriate combination of cold water, wind, cold air temperature, and vessel movement".
 *
 * The rate is Overland's (1990, "Prediction of vessel icing for near-freezing sea temperatures", Weather and
 * Forecasting 5: 62-77), on which the NWS's icing guidance rests: the predictor
 * PPR = Va (Tf − Ta) / (1 + 0.3 (Tw − Tf)), Va the wind (m/s), Ta the air's temperature, Tw the water's, Tf
 * the water's freezing point (°C), in classes of rate: light below 22.4 (under 0.7 cm/h), moderate to 53.3
 * (0.7-2 cm/h), heavy to 83 (2-4 cm/h), extreme beyond. So a warning's hour is heavy or worse (≥ 2 cm/h) and
 * an advisory's moderate (light icing, a few millimetres an hour, goes unheadlined here as most offices leave
 * it). Va is the sustained wind, the gridpoint's windSpeed, as Overland fitted the predictor to ships' reports
 * of the sustained wind (not the frequent gusts the wind products count, marine-wind.ts: fed those, the lakes
 * had spray on 61-86% of their January and February cycles); Ta the model's own air temperature at the zone, Tw the water's climatology (water-temperature.ts); water at its freezing point is ice, which
 * throws no spray (and zones under the Arctic pack are cut by their ice season, marine-alert-rules.ts).
 */

/** The lower bounds of Overland's moderate and heavy icing classes (PPR, m °C s⁻¹). */
export const SPRAY_CLASS = { moderate: 22.4, heavy: 53.3 } as const;

/** Overland's icing predictor for an hour over a water body; 0 where spray cannot freeze. */
export function sprayPredictor(s: WeatherSample, water: WaterBody, epochHour: number): number {
  const tf = freezingPointC(water);
  const tw = waterTempC(water, epochHour);
  if (s.temperatureC >= tf || tw <= tf) return 0;
  return ((s.windSpeedKmh / 3.6) * (tf - s.temperatureC)) / (1 + 0.3 * (tw - tf));
}

function sprayRule(water: WaterBody, heavy: boolean): HazardRule {
  const from = heavy ? SPRAY_CLASS.heavy : SPRAY_CLASS.moderate;
  return {
    event: heavy ? 'Heavy Freezing Spray Warning' : 'Freezing Spray Advisory',
    family: 'spray',
    phenomenon: 'UP',
    significance: heavy ? 'W' : 'Y',
    product: 'MWW',
    severity: heavy ? 'Moderate' : 'Minor',
    sameCode: 'NWS',
    // From the start of the cold outbreak to its end, its daytime lulls bridged (SPRAY_EVENT).
    ...SPRAY_EVENT,
    hourly: (s, ctx) => sprayPredictor(s, water, ctx.hour) >= from,
    // The rate class is the product's, as the offices word it.
    what: () =>
      heavy
        ? 'Heavy freezing spray at a rate of 2 cm per hour or greater expected, and may rapidly accumulate on vessels.'
        : 'Freezing spray at a rate of up to 2 cm per hour expected, and may accumulate on vessels.',
    impacts: heavy
      ? 'Operating a vessel in heavy freezing spray is hazardous. Freezing spray may render mechanical and electronic components inoperative. Rapid ice accretion on decks and superstructures may result in a catastrophic loss of stability.'
      : 'Operating a vessel in freezing spray can be hazardous. Freezing spray can cause ice accretion on decks and superstructures, which may affect the stability of smaller vessels.',
    instruction: heavy
      ? 'Mariners should prepare for dangerous accumulation of ice on their vessel. If possible, remain in port, avoid the warning area or conduct mitigation.'
      : 'Mariners should prepare for the accumulation of ice on their vessel, and take measures to remove it.',
    response: 'Avoid',
    leadHours: SPRAY_LEAD_HOURS,
  };
}

const RULES = new Map<WaterBody, readonly HazardRule[]>();

/** A water body's spray products, the warning first; made once each, as rules compare by identity. */
export function freezingSprayRules(water: WaterBody): readonly HazardRule[] {
  let rules = RULES.get(water);
  if (!rules) RULES.set(water, (rules = [sprayRule(water, true), sprayRule(water, false)]));
  return rules;
}
