// The 22 Center Weather Service Units of the official OpenAPI's NWSCenterWeatherServiceUnitId enum, one at
// each FAA Air Route Traffic Control Center, with the centre's name and the approximate position of its
// facility (the city). Their FIR ids are the ICAO ids of the US domestic FIRs: K + the centre's id in the
// contiguous states, PAZA for Anchorage. ARTCC boundaries are not available offline: a place belongs to
// the nearest centre (a Voronoi approximation), which is how CWAs and SIGMETs are assigned here.

export interface AviationCenter {
  readonly id: string;
  readonly name: string;
  readonly lat: number;
  readonly lon: number;
  readonly fir: string;
  /** NWS region that hosts the CWSU, for `nwsRegion`. */
  readonly region: string;
}

const c = (id: string, name: string, lat: number, lon: number, region: string, fir = `K${id}`): AviationCenter => ({
  id,
  name,
  lat,
  lon,
  fir,
  region,
});

export const AVIATION_CENTERS: readonly AviationCenter[] = [
  c('ZAB', 'Albuquerque', 35.17, -106.57, 'sr'),
  c('ZAN', 'Anchorage', 61.23, -149.78, 'ar', 'PAZA'),
  c('ZAU', 'Chicago', 41.78, -88.33, 'cr'),
  c('ZBW', 'Boston', 42.74, -71.48, 'er'),
  c('ZDC', 'Washington', 39.1, -77.54, 'er'),
  c('ZDV', 'Denver', 40.19, -105.13, 'cr'),
  c('ZFA', 'Fairbanks', 64.84, -147.72, 'ar', 'PAZA'),
  c('ZFW', 'Fort Worth', 32.83, -97.07, 'sr'),
  c('ZHU', 'Houston', 29.96, -95.33, 'sr'),
  c('ZID', 'Indianapolis', 39.74, -86.28, 'er'),
  c('ZJX', 'Jacksonville', 30.7, -81.91, 'sr'),
  c('ZKC', 'Kansas City', 38.88, -94.79, 'cr'),
  c('ZLA', 'Los Angeles', 34.6, -118.08, 'wr'),
  c('ZLC', 'Salt Lake City', 40.79, -111.95, 'wr'),
  c('ZMA', 'Miami', 25.82, -80.32, 'sr'),
  c('ZME', 'Memphis', 35.07, -89.96, 'sr'),
  c('ZMP', 'Minneapolis', 44.64, -93.15, 'cr'),
  c('ZNY', 'New York', 40.78, -73.1, 'er'),
  c('ZOA', 'Oakland', 37.54, -122.02, 'wr'),
  c('ZOB', 'Cleveland', 41.3, -82.21, 'er'),
  c('ZSE', 'Seattle', 47.29, -122.19, 'wr'),
  c('ZTL', 'Atlanta', 33.38, -84.3, 'sr'),
];

export const CENTER_BY_ID: ReadonlyMap<string, AviationCenter> = new Map(AVIATION_CENTERS.map((a) => [a.id, a]));

/** The FIR ids SIGMETs are issued for. */
export const FIR_IDS: readonly string[] = [...new Set(AVIATION_CENTERS.map((a) => a.fir))].sort();

/** The centre nearest a place (contiguous states; the Alaskan centres only north of 50° N). */
export function centerAt(lat: number, lon: number): AviationCenter {
  let best = AVIATION_CENTERS[0]!;
  let bestD = Infinity;
  for (const a of AVIATION_CENTERS) {
    if ((a.fir === 'PAZA') !== (lat > 50 && lon < -129)) continue;
    const dLat = lat - a.lat;
    const dLon = (lon - a.lon) * Math.cos((lat * Math.PI) / 180);
    const d = dLat * dLat + dLon * dLon;
    if (d < bestD) {
      bestD = d;
      best = a;
    }
  }
  return best;
}
