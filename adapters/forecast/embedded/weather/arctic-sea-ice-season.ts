import { standardMonthDay } from './time.ts';

/**
 * When Alaska's Beaufort, Chukchi and northern Bering Sea marine zones lie under pack ice (issue 38: alerts
 * "follow the NWS's seasonal practice"). Over the pack there are no seas for a wind to raise, and the NWS's Alaska Sea Ice
 * Program lists these zones under one line, "Ice covered.", in its Sea Ice Forecast (FZAK80 PAFC) through the
 * winter: PKZ500-510, PKZ807-815 and PKZ855-861 on 8, 12 and 15 January 2023, 24 March 2023, 12 February,
 * 1 March and 15 April 2024, 24 February and 3 March 2025; the older zone numbers of the same waters on
 * 5 December 2016 (the Beaufort and Kotzebue Sound; the rest of the Chukchi still behind an ice edge near Point
 * Hope that year), 21 March and 23 April 2018. Gales do blow over the pack (those products' "strong S
 * winds" of March 2023), but every marine wind product warns of what the wind does to the sea ("hazardous
 * seas which could capsize or damage vessels"), and the pack has none: so no Small Craft Advisory and no
 * gale, storm or hurricane force wind warning runs over it. South of the Bering Strait the same holds of the
 * waters that freeze over every winter, Norton Sound, the Strait's approaches and St. Lawrence Island's
 * (below); the southern Bering Sea's zones, whose ice edge moves through the winter and which those products
 * describe by that edge rather than as ice covered, keep theirs.
 *
 * The dates, by zone group, from the same program's products:
 * - The Beaufort Sea and the Arctic offshore beyond it (PKZ505, 510, 813-815, 859-861): seven tenths of ice
 *   beyond the barrier islands in the first week of November and the pack joined to it by the second or
 *   third (Sea Ice Outlook of 22 October 2024); still "Ice covered" on 14 June 2024 and "completely ice
 *   covered" at the end of June 2025; break-up of the navigational waters "about average" in late July 2024.
 *   Ice from 15 November through 15 July.
 * - The northern Chukchi coast and its offshore (PKZ500, 811, 812, 857, 858): seven tenths around Utqiagvik
 *   by mid-November and out to 170° W in the last week of November or the first of December (outlook of
 *   22 October 2024; PMEL put the 2017 freeze-up off Icy Cape at the end of November, a late year); Wainwright
 *   to Utqiagvik ice free in the first week of August 2024. Ice from 1 December through 30 June.
 * - The southern Chukchi and Kotzebue Sound (PKZ807-810, 855, 856): Kotzebue Sound "Ice covered" on
 *   5 December 2016; all of it on 23 April 2018, but open leads and a polynya along the coast by late May
 *   (21 May 2018, June 2024 outlook); Wales to Espenberg at three tenths in the first week of July 2024 and
 *   Kotzebue Sound's shorefast ice gone by the end of June 2025. Ice from 1 December through 31 May.
 * - Norton Sound and the Bering Strait's approaches, Sledge Island to Wales (PKZ803-806, 852, 854): ice first
 *   forms in Norton and Golovin Bays in October, grows out from eastern Norton Sound in early November and
 *   reaches Nome in the second half of the month (Rick Thoman, ACCAP, in the Nome Nugget of 12 October 2023,
 *   quoting NOAA CPC's seasonal outlook; Norton Sound, being shallow, freezes fast); it breaks up from April
 *   and the Bering Strait generally clears by late June (Alaska Regional Profiles, northwest region, "sea
 *   ice"). Open water off Nome on 28 November 2016 and Norton Sound open by mid-April 2019 were the record
 *   years the reports call them. Ice from 1 December through 31 May.
 * - St. Lawrence Island's waters (PKZ816, 817, 851): the Chukchi "needs to be mostly ice covered before we can
 *   get significant ice south of the Bering Strait, to and beyond St. Lawrence Island" (Thoman, above), so
 *   the ice comes a fortnight after the southern Chukchi's, and stays into May, when the island's walrus hunt
 *   works the floes (SIWO reports of March to May). Ice from 15 December through 31 May.
 *
 * Alaska's island polynyas (south of St. Lawrence Island under a north wind) open and close within the ice
 * season; a zone counts as covered while its season runs, as the sea-ice forecasts list them.
 */

/**
 * An ice season: [from, until) as month × 100 + day in Alaska standard time, `until` the first open day (so
 * 716 ends the season with 15 July); it runs over the new year.
 */
export interface IceSeason {
  readonly from: number;
  readonly until: number;
}

const BEAUFORT: IceSeason = { from: 1115, until: 716 };
const NORTHERN_CHUKCHI: IceSeason = { from: 1201, until: 701 };
const SOUTHERN_CHUKCHI: IceSeason = { from: 1201, until: 601 };
const NORTON_SOUND: IceSeason = { from: 1201, until: 601 };
const ST_LAWRENCE_ISLAND: IceSeason = { from: 1215, until: 601 };

const group = (season: IceSeason, ids: readonly number[]) => ids.map((n) => [`PKZ${n}`, season] as const);

/** Each ice-covered zone's season (sources above). */
export const ARCTIC_ICE_SEASON: ReadonlyMap<string, IceSeason> = new Map([
  ...group(BEAUFORT, [505, 510, 813, 814, 815, 859, 860, 861]),
  ...group(NORTHERN_CHUKCHI, [500, 811, 812, 857, 858]),
  ...group(SOUTHERN_CHUKCHI, [807, 808, 809, 810, 855, 856]),
  ...group(NORTON_SOUND, [803, 804, 805, 806, 852, 854]),
  ...group(ST_LAWRENCE_ISLAND, [816, 817, 851]),
]);

/** Hours Alaska standard time runs behind UTC. */
const ALASKA_UTC_OFFSET_HOURS = 9;

/** Whether an epoch hour falls in an ice season (month × 100 + day of the Alaska standard-time date). */
export function inIceSeason(season: IceSeason, epochHour: number): boolean {
  const monthDay = standardMonthDay(epochHour, ALASKA_UTC_OFFSET_HOURS);
  return monthDay >= season.from || monthDay < season.until;
}
