import { hourlySeries } from '../../adapters/forecast/embedded/weather/index.ts';

/**
 * Measured monthly mean winds at sea, m/s, where a public figure was found to cite (issue 38: the open sea's
 * wind), for scripts/sea-wind-report.ts and sea-wind-buoys.test.ts. Months are 0 (January) to 11; a month with
 * no cited figure is absent, and a station with none is listed for the report's model column alone.
 *
 * - NDBC 44005 (Gulf of Maine, 43.20 N 69.13 W, ~80 km off the Maine coast): its 2012 standard meteorological
 *   record (WSPD, 8-minute means, hourly), as mirrored in mgimond/ES218's Data/buoy_44005_2012.dat (source
 *   given there: ndbc.noaa.gov/station_history.php?station=44005), averaged by month here: January 8.56 (741
 *   hours), April 6.43, May 4.57, July 4.74, August 5.19, October 6.63 m/s. One year, a mild winter.
 * - C-MAN SANF1 (Sand Key light, on the reef 10 km south-west of Key West): NWS Key West, "The Relentless
 *   Wind" (srh.noaa.gov/key/?n=wind04, 2004): "Average wind for April at Sand Key (historical): 12.6 knots",
 *   for May 10.1 knots; the reef tract's August "just under nine knots" (the same office, as the embedded
 *   README quotes it), taken as 8.9 kt.
 */
export interface BuoyClimatology {
  readonly id: string;
  readonly name: string;
  readonly lat: number;
  readonly lon: number;
  /** Measured mean wind by month (0-11), m/s; absent where no figure is cited. */
  readonly meanMs: Readonly<Partial<Record<number, number>>>;
}

const KT = 0.514444;

export const BUOYS: readonly BuoyClimatology[] = [
  {
    id: '44005',
    name: 'Gulf of Maine',
    lat: 43.2,
    lon: -69.13,
    meanMs: { 0: 8.56, 3: 6.43, 4: 4.57, 6: 4.74, 7: 5.19, 9: 6.63 },
  },
  { id: 'SANF1', name: 'Sand Key', lat: 24.45, lon: -81.88, meanMs: { 3: 12.6 * KT, 4: 10.1 * KT, 7: 8.9 * KT } },
  // No public monthly figure was found for these to cite: the report shows the model's alone.
  { id: '44013', name: 'Boston', lat: 42.346, lon: -70.651, meanMs: {} },
  { id: '44007', name: 'Portland', lat: 43.525, lon: -70.14, meanMs: {} },
  { id: '44008', name: 'Nantucket', lat: 40.502, lon: -69.247, meanMs: {} },
  { id: '44011', name: 'Georges Bank', lat: 41.093, lon: -66.562, meanMs: {} },
  { id: '44025', name: 'Long Island', lat: 40.251, lon: -73.164, meanMs: {} },
  { id: '41001', name: 'East Hatteras', lat: 34.7, lon: -72.7, meanMs: {} },
  { id: '41009', name: 'Canaveral', lat: 28.5, lon: -80.18, meanMs: {} },
  { id: '42036', name: 'West Tampa', lat: 28.501, lon: -84.508, meanMs: {} },
  { id: '42039', name: 'Pensacola', lat: 28.787, lon: -86.007, meanMs: {} },
  { id: '42040', name: 'Luke Offshore', lat: 29.207, lon: -88.237, meanMs: {} },
  { id: '42001', name: 'Mid Gulf', lat: 25.942, lon: -89.657, meanMs: {} },
  { id: '46026', name: 'San Francisco', lat: 37.755, lon: -122.839, meanMs: {} },
  { id: '46042', name: 'Monterey', lat: 36.785, lon: -122.398, meanMs: {} },
  { id: '51001', name: 'NW Hawaii', lat: 23.445, lon: -162.279, meanMs: {} },
];

/** The months the report and the test show: January, April, May, July, August, October. */
export const SHOWN_MONTHS = [0, 3, 4, 6, 7, 9] as const;

const HOUR = 3_600_000;

/** The model's mean sustained wind (windSpeed) at a place at sea level in a month (0-11), over every hour of the years, m/s. */
export function modelMonthlyMeanMs(
  place: { lat: number; lon: number },
  month: number,
  years: readonly number[],
): number {
  let sum = 0;
  let n = 0;
  for (const year of years) {
    const start = Date.UTC(year, month, 1) / HOUR;
    for (const s of hourlySeries({ ...place, elevationM: 0 }, start, Date.UTC(year, month + 1, 1) / HOUR - start)) {
      sum += s.windSpeedKmh / 3.6;
      n++;
    }
  }
  return sum / n;
}
