/**
 * How far ahead of its onset the NWS lists each Marine Weather Message product (issue 38 item 4: alerts "at
 * rates ... the NWS's own counts would recognise"). Every cycle used to list a marine product up to 36 h
 * before it began, as the land products are, so the zones' "listed" shares of a year ran 2.3-4.4 times their
 * "in effect" ones (Small Craft Advisory: Alaska 2.3, the coasts 2.9, the lakes 4.4; up to ~6 in a month;
 * scripts/marine-alert-report.ts, 2026). The offices list them later than that, and a gale further ahead as a
 * watch:
 *
 * - MEASURED, the lead of each product's first issuance (VTEC NEW, EXA, EXB: the event's begin time less the
 *   product's WMO issue time) in the recorded MWW products of pyIEM's examples (akrherz/pyIEM,
 *   data/product_examples: Caribou's series of 23 products, 29 Jan-3 Feb 2015; Sterling's 18, 5-8 Dec 2014;
 *   Sterling, Marquette, Seattle, Juneau singles, 2014-2026): Small Craft Advisory 0, 0, 0.1, 4.4, 12.4,
 *   30.4 h (median 2), and two already listed 19.8 and 22.1 h ahead (Sterling, CON); Freezing Spray
 *   Advisory/Heavy Freezing Spray Warning 0, 0, 6.2, 6.8 h, and one already listed 17.9 h ahead (Juneau, CON);
 *   Gale Warning 5.9, 22.2, 22.6 h, each of the last two the upgrade of a Gale Watch issued 33.1 and 34.7 h
 *   ahead; a Juneau gale already listed 20.9 h ahead. No warning was first listed more than 23 h ahead.
 *   New issuances quoted in print add to it: Gray's Small Craft Advisory of 2:37 AM EST 17 Dec 2016 "from 1
 *   PM this afternoon" (10.4 h) with a Gale Watch "from Sunday morning" (~28 h; augustamaineweather.blogspot
 *   .com); Portland OR's of 2:05 PM 14 Oct 2019 "from 8 a.m. Tuesday" (17.9 h; Tillamook Headlight Herald);
 *   Boston's Gale Watch of 2:48 PM EST 26 Dec 2018 "from Friday morning" (~40 h; westport-news.com).
 * - DOCUMENTED: "Small Craft Advisories may be issued up to 12 hours before the onset of adverse conditions and
 *   warnings up to 24 hours in advance" (NWS, "A Mariner's Guide to Marine Weather Services", NOAA PA 98054);
 *   a watch when a hazard "is possible, but not imminent during the next 12 to 36 hours" (NOAA,
 *   marinenavigation.noaa.gov, "Marine Weather Warnings"); NWSI 10-315's Gale, Storm and Hurricane Force Wind
 *   Watches (VTEC GL.A, SR.A, HF.A) when the risk "has significantly increased, but the specific timing and/or
 *   location is still uncertain ... to provide additional lead time" (the Watch's call to action in Boston's
 *   MWW of 10 Oct 2018).
 *
 * The model issues on 12-hourly cycles (alerts.ts), so a lead of L lists an event between L − 12 and L hours
 * ahead. The advisories get 18 h (6-18 h ahead, against 0-18 h for seven of the eight advisories measured or
 * quoted; the offices' unscheduled updates, which list the sudden ones at onset, the cycles cannot copy, and
 * 12 h would list Portland's a cycle late), freezing spray 12 h, the warnings 24 h (the guide's, and the
 * measured 22-23 h upgrades); beyond it, up to 36 h ahead, a gale, storm or hurricane force event is listed
 * as its watch (measured and quoted 28-40 h ahead, NOAA's 12 to 36 hours), which the next cycle upgrades.
 */

/** The advisories' lead (Small Craft Advisory), h. */
export const ADVISORY_LEAD_HOURS = 18;
/** Freezing spray's lead, advisory and warning, h. */
export const SPRAY_LEAD_HOURS = 12;
/** The wind warnings' lead (Gale, Storm, Hurricane Force Wind), h; their watches beyond it. */
export const WARNING_LEAD_HOURS = 24;
/**
 * The wind watches' lead, h: first listed 24-36 h ahead on 12 h cycles, against the 28-40 h measured and quoted
 * (33.1, 34.7, ~28, ~40) and NOAA's "12 to 36 hours"; the 48 h horizon listed every watch 36-48 h ahead.
 */
export const WATCH_LEAD_HOURS = 36;
