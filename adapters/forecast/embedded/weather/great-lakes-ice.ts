import type { Lake } from './great-lakes-water.ts';

/**
 * The Great Lakes' ice (issue 38 item 4): the lake-wide mean ice cover by date, a climatology, and from it the
 * ice of a part of a lake. Over the ice there are no waves for spray to come from, and the wind blows as over
 * land rather than over open water (great-lakes-wind.ts); the NWS marine forecasts say as much ("waves omitted
 * due to ice coverage", great-lakes-small-craft-season.ts).
 *
 * The mean cover, % of the lake's area, at knots through the season (GLERL's daily ice cover climatology,
 * 1973 onward, as quoted): Lake Superior's normal peak 49% around 2 March (MLive, 10 Feb 2023, from GLERL's
 * charts) and 32% in mid-February (GLERL's average for the date, quoted 16 Feb 2017); Lake Michigan's average
 * peak 29% on 18 February and Lake Ontario's 20% on 18 February (MLive, 2023). Lakes Huron and Erie were not
 * found quoted: their curves here have GLERL's shape and the order of its lakes (Erie, shallow, the most iced
 * and earliest, peaking mid-February; Huron between Erie and Superior), peaks of 65% and 50% ESTIMATED, and
 * so are the dates before and after each peak (cover grows from about mid-December, and is gone by late April,
 * Superior's by mid-May). Lake St. Clair, a few metres deep, freezes over most winters (99% on 2 January 2018,
 * a cold start): ESTIMATED at 85% from late January to mid-February. The St. Lawrence between Lake Ontario
 * and Massena (SLZ022, SLZ024) freezes over too, the Seaway closing to shipping for the winter from about the
 * end of December to late March: ESTIMATED at 90% through February.
 */

/** Knots: [month × 100 + day, mean cover %], in season order from 1 December; 0 outside them. */
const MEAN_COVER: Readonly<Record<Lake, readonly (readonly [number, number])[]>> = {
  superior: [
    [1201, 0],
    [1215, 1],
    [101, 4],
    [115, 10],
    [201, 20],
    [215, 32],
    [302, 49],
    [315, 45],
    [401, 30],
    [415, 12],
    [501, 2],
    [515, 0],
  ],
  michigan: [
    [1201, 0],
    [1215, 2],
    [101, 6],
    [115, 13],
    [201, 22],
    [218, 29],
    [302, 25],
    [315, 18],
    [401, 6],
    [415, 1],
    [501, 0],
  ],
  huron: [
    [1201, 0],
    [1215, 3],
    [101, 10],
    [115, 22],
    [201, 37],
    [218, 50],
    [302, 48],
    [315, 38],
    [401, 18],
    [415, 5],
    [501, 0],
  ],
  erie: [
    [1201, 0],
    [1215, 2],
    [101, 10],
    [115, 30],
    [201, 50],
    [215, 65],
    [302, 55],
    [315, 35],
    [401, 10],
    [415, 2],
    [501, 0],
  ],
  ontario: [
    [1201, 0],
    [1215, 1],
    [101, 3],
    [115, 7],
    [201, 13],
    [218, 20],
    [302, 17],
    [315, 11],
    [401, 3],
    [415, 0],
  ],
  stLawrence: [
    [1201, 0],
    [1215, 10],
    [101, 50],
    [115, 80],
    [201, 90],
    [301, 90],
    [315, 70],
    [401, 20],
    [415, 0],
  ],
  stClair: [
    [1201, 0],
    [1215, 15],
    [101, 45],
    [115, 75],
    [201, 85],
    [218, 85],
    [302, 70],
    [315, 40],
    [401, 5],
    [415, 0],
  ],
};

const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
/** Days since 1 December of a month × 100 + day (a common year's calendar). */
const seasonDay = (monthDay: number): number => {
  const month = Math.floor(monthDay / 100);
  const day = DAYS_BEFORE_MONTH[month - 1]! + (monthDay % 100) - 1;
  return (day - 334 + 365) % 365;
};

const DAY_OF_YEAR_MS = 86_400_000;

/** The lake's mean ice cover at an epoch hour, 0 to 1: the knots joined linearly, by the UTC date. */
export function meanIceCover(lake: Lake, epochHour: number): number {
  const d = new Date(epochHour * 3_600_000);
  const startOfYear = Date.UTC(d.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.min(364, Math.floor((d.getTime() - startOfYear) / DAY_OF_YEAR_MS));
  const day = ((dayOfYear - 334 + 365) % 365) + d.getUTCHours() / 24;
  const knots = MEAN_COVER[lake];
  for (let k = 1; k < knots.length; k++) {
    const [a, pa] = [seasonDay(knots[k - 1]![0]), knots[k - 1]![1]];
    const [b, pb] = [seasonDay(knots[k]![0]), knots[k]![1]];
    if (day >= a && day < b) return (pa + ((pb - pa) * (day - a)) / (b - a)) / 100;
  }
  return 0;
}

/**
 * The ice cover of a part of a lake, 0 to 1, from the lake's mean and how far out it lies (its open-lake
 * weight, great-lakes-water.ts: 0 at the shore, 1 well out): ice forms first in the shallow water along the
 * shore and in the bays, so the shore has twice the lake's mean and the open lake a little less than it.
 */
export function iceCover(lake: Lake, epochHour: number, offshoreWeight: number): number {
  const mean = meanIceCover(lake, epochHour);
  return mean === 0 ? 0 : Math.min(1, mean * (2 - 1.2 * offshoreWeight));
}

/** A part of a lake at least this much iced has no freezing spray: its waters are ice. */
export const ICED_OVER = 0.5;
