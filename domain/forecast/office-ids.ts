// The National Weather Service's office identifiers, as the official api.weather.gov OpenAPI (v3.8.1)
// enumerates them. A path that names anything else names no office: a 404 that names it, decided here so
// that every provider answers alike and the upstream one never asks api.weather.gov about a non-office.

/** NWSForecastOfficeId: the forecast offices, and the grid ids some of them forecast on (AER, ALU). */
export const FORECAST_OFFICE_IDS: ReadonlySet<string> = new Set([
  ...['AKQ', 'ALY', 'BGM', 'BOX', 'BTV', 'BUF', 'CAE', 'CAR', 'CHS', 'CLE', 'CTP', 'GSP', 'GYX', 'ILM', 'ILN'],
  ...['LWX', 'MHX', 'OKX', 'PBZ', 'PHI', 'RAH', 'RLX', 'RNK', 'ABQ', 'AMA', 'BMX', 'BRO', 'CRP', 'EPZ', 'EWX'],
  ...['FFC', 'FWD', 'HGX', 'HUN', 'JAN', 'JAX', 'KEY', 'LCH', 'LIX', 'LUB', 'LZK', 'MAF', 'MEG', 'MFL', 'MLB'],
  ...['MOB', 'MRX', 'OHX', 'OUN', 'SHV', 'SJT', 'SJU', 'TAE', 'TBW', 'TSA', 'ABR', 'APX', 'ARX', 'BIS', 'BOU'],
  ...['CYS', 'DDC', 'DLH', 'DMX', 'DTX', 'DVN', 'EAX', 'FGF', 'FSD', 'GID', 'GJT', 'GLD', 'GRB', 'GRR', 'ICT'],
  ...['ILX', 'IND', 'IWX', 'JKL', 'LBF', 'LMK', 'LOT', 'LSX', 'MKX', 'MPX', 'MQT', 'OAX', 'PAH', 'PUB', 'RIW'],
  ...['SGF', 'TOP', 'UNR', 'BOI', 'BYZ', 'EKA', 'FGZ', 'GGW', 'HNX', 'LKN', 'LOX', 'MFR', 'MSO', 'MTR', 'OTX'],
  ...['PDT', 'PIH', 'PQR', 'PSR', 'REV', 'SEW', 'SGX', 'SLC', 'STO', 'TFX', 'TWC', 'VEF', 'AER', 'AFC', 'AFG'],
  ...['AJK', 'ALU', 'GUM', 'HPA', 'HFO', 'PPG', 'PQE', 'PQW', 'STU', 'NH1', 'NH2', 'ONA', 'ONP'],
]);

/** NWSRegionalHQId and NWSNationalHQId: /offices/{officeId} also takes these. */
const HEADQUARTERS_IDS: ReadonlySet<string> = new Set(['ARH', 'CRH', 'ERH', 'PRH', 'SRH', 'WRH', 'NWS']);

/** Whether `id` (upper case) is a forecast office, the `{wfo}` of a gridpoint path. */
export function isForecastOfficeId(id: string): boolean {
  return FORECAST_OFFICE_IDS.has(id);
}

/** Whether `id` (upper case) is any NWS office /offices/{officeId} takes: a forecast office or a headquarters. */
export function isOfficeId(id: string): boolean {
  return FORECAST_OFFICE_IDS.has(id) || HEADQUARTERS_IDS.has(id);
}

/** A path text as a detail may quote it: whole when short, cut when someone sends a kilobyte. */
export function quotedId(text: string): string {
  return text.length <= 40 ? text : `${text.slice(0, 40)}…`;
}
