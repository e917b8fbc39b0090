/** Builds a METAR-style raw report string consistent with observation values. */

export interface MetarValues {
  readonly stationId: string;
  readonly timeMs: number;
  readonly windDirectionDeg: number;
  readonly windSpeedKt: number;
  readonly windGustKt: number | null;
  readonly visibilityM: number;
  readonly presentWeather: readonly string[];
  readonly clouds: readonly { readonly amount: string; readonly baseM: number }[];
  readonly temperatureC: number;
  readonly dewpointC: number;
  readonly altimeterPa: number;
  readonly seaLevelPressurePa: number;
  /** Precipitation in the last hour, mm, or null when none fell (no P group). */
  readonly precipitationLastHourMm?: number | null;
  /** The 3- or 6-hour amount of a synoptic report (the 6 group), mm; null or absent otherwise. */
  readonly precipitationPeriodMm?: number | null;
}

/** Hundredths of an inch in four digits: P0012 is 0.12 in. */
function hundredths(mm: number): string {
  return pad(Math.round(mm / 0.254), 4);
}

function pad(n: number, w: number): string {
  return String(Math.round(n)).padStart(w, '0');
}

/** Whole °C with M for minus, as in "M05". */
function metarTemp(c: number): string {
  const r = Math.round(c);
  return r < 0 ? `M${pad(-r, 2)}` : pad(r, 2);
}

/** Remark group digits: sign flag then tenths, e.g. 1 017 for −1.7°C. */
function tenths(c: number): string {
  const t = Math.round(c * 10);
  return `${t < 0 ? 1 : 0}${pad(Math.abs(t), 3)}`;
}

function visibilityGroup(m: number): string {
  const miles = m / 1609.344;
  if (miles >= 9.5) return '10SM';
  if (miles >= 1) return `${Math.round(miles)}SM`;
  if (miles >= 0.5) return '1/2SM';
  return '1/4SM';
}

export function metar(v: MetarValues): string {
  const d = new Date(v.timeMs);
  const time = `${pad(d.getUTCDate(), 2)}${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}Z`;
  const calm = v.windSpeedKt < 1;
  const wind = calm
    ? '00000KT'
    : `${pad((Math.round(v.windDirectionDeg / 10) * 10) % 360 || 360, 3)}${pad(v.windSpeedKt, 2)}${v.windGustKt ? `G${pad(v.windGustKt, 2)}` : ''}KT`;
  const clouds = v.clouds.length === 0 ? ['CLR'] : v.clouds.map((c) => `${c.amount}${pad(c.baseM / 30.48, 3)}`);
  const slp = pad(Math.round(v.seaLevelPressurePa / 10) % 1000, 3);
  const altimeter = pad((v.altimeterPa / 3386.389) * 100, 4);
  return [
    v.stationId,
    time,
    wind,
    visibilityGroup(v.visibilityM),
    ...v.presentWeather,
    ...clouds,
    `${metarTemp(v.temperatureC)}/${metarTemp(v.dewpointC)}`,
    `A${altimeter}`,
    'RMK AO2',
    `SLP${slp}`,
    ...(v.precipitationLastHourMm != null ? [`P${hundredths(v.precipitationLastHourMm)}`] : []),
    ...(v.precipitationPeriodMm != null ? [`6${hundredths(v.precipitationPeriodMm)}`] : []),
    `T${tenths(v.temperatureC)}${tenths(v.dewpointC)}`,
  ].join(' ');
}
