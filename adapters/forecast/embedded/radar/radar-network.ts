// The NWS radar network's own servers, queue hosts and wind profilers, as api.weather.gov names them.
//
// Sources (recorded api.weather.gov answers, September 2026):
// - servers and queue hosts: /radar/servers and /radar/queues/rds as recorded in
//   seferino-fernandez/noaa_weather, noaa_weather_client/tests/fixtures/radar/servers.json and queue.json;
//   its docs/cli/radar.md names the two queue hosts (rds, tds). The ldm servers report through tdss and the
//   distribution servers through their own host (rdss, tdss), as recorded.
// - profilers: `/radar/stations?stationType=Profiler` lists exactly AWPA2, HWPA2, ROCO2 and TLKA2 (recorded in
//   the wire-test notes of a Rust api.weather.gov client, which also records that api.weather.gov answers
//   404 under /radar/profilers/ for each of them); their places (Homer AK, Norman OK, Talkeetna AK) from radar
//   site-name tables built from /radar/stations. No public copy of the profilers' own coordinates was found:
//   each is placed at its town's observation station (PAHO, KOUN, PATK, taken from the station catalogue),
//   a few km from the antenna. AWPA2's place was not found, so it is listed and answers 404.
//
// What a server reports about itself (ping, hardware, network counters) changes by the minute and describes
// NWS machines; it stays null here.

export type RadarServerType = 'ldm' | 'distribution';

export interface RadarServerEntry {
  readonly id: string;
  readonly type: RadarServerType;
  readonly reportingHost: string;
  /** The ldm server that is primary (ldm1 in the recording); others stand by. */
  readonly primary?: boolean;
  /** The ldm server that aggregates (ldm3 in the recording). */
  readonly aggregate?: boolean;
}

/** In the order /radar/servers lists them. */
export const RADAR_SERVERS: readonly RadarServerEntry[] = [
  { id: 'rds', type: 'distribution', reportingHost: 'rdss' },
  { id: 'tds', type: 'distribution', reportingHost: 'tdss' },
  { id: 'ldm2', type: 'ldm', reportingHost: 'tdss' },
  { id: 'ldm1', type: 'ldm', reportingHost: 'tdss', primary: true },
  { id: 'ldm4', type: 'ldm', reportingHost: 'tdss' },
  { id: 'ldm3', type: 'ldm', reportingHost: 'tdss', primary: true, aggregate: true },
];

/** The hosts whose LDM queues /radar/queues/{host} lists. */
export const QUEUE_HOSTS: readonly string[] = ['rds', 'tds'];

/** Level II resolution versions in the recorded queue: 6 for the WSR-88D, 8 for TDWR. */
export const RESOLUTION_VERSION = { NEXRAD: 6, TDWR: 8 } as const;

export interface ProfilerEntry {
  readonly id: string;
  /** The place as the radar site-name tables give it; null where none was found. */
  readonly name: string | null;
  /** The observation station whose position stands for the profiler's; null where the place is unknown. */
  readonly locatedAt: string | null;
}

export const PROFILERS: readonly ProfilerEntry[] = [
  { id: 'AWPA2', name: null, locatedAt: null },
  { id: 'HWPA2', name: 'Homer, AK', locatedAt: 'PAHO' },
  { id: 'ROCO2', name: 'Norman, OK', locatedAt: 'KOUN' },
  { id: 'TLKA2', name: 'Talkeetna, AK', locatedAt: 'PATK' },
];
