// The NWS region of each forecast office, as the official api.weather.gov OpenAPI groups them
// (components.schemas.NWSForecastOfficeId, whose enum is listed region by region). The WFO list the
// catalogue is built from gets some wrong: it files the Alaska offices under PR (naming them "Alaska
// Region"), Tulsa under WR, Riverton under WR, Jackson KY under ER, Charleston and Columbia SC under SR,
// Guam under SR, and gives Key West and Pago Pago none. The build takes the region from here.

export type NwsRegionCode = 'AR' | 'CR' | 'ER' | 'PR' | 'SR' | 'WR';

const OFFICES_BY_REGION: Readonly<Record<NwsRegionCode, readonly string[]>> = {
  ER: ['AKQ', 'ALY', 'BGM', 'BOX', 'BTV', 'BUF', 'CAE', 'CAR', 'CHS', 'CLE', 'CTP', 'GSP', 'GYX', 'ILM', 'ILN', 'LWX', 'MHX', 'OKX', 'PBZ', 'PHI', 'RAH', 'RLX', 'RNK'],
  SR: [
    'ABQ', 'AMA', 'BMX', 'BRO', 'CRP', 'EPZ', 'EWX', 'FFC', 'FWD', 'HGX', 'HUN', 'JAN', 'JAX', 'KEY', 'LCH', 'LIX', 'LUB', 'LZK',
    'MAF', 'MEG', 'MFL', 'MLB', 'MOB', 'MRX', 'OHX', 'OUN', 'SHV', 'SJT', 'SJU', 'TAE', 'TBW', 'TSA',
  ],
  CR: [
    'ABR', 'APX', 'ARX', 'BIS', 'BOU', 'CYS', 'DDC', 'DLH', 'DMX', 'DTX', 'DVN', 'EAX', 'FGF', 'FSD', 'GID', 'GJT', 'GLD', 'GRB',
    'GRR', 'ICT', 'ILX', 'IND', 'IWX', 'JKL', 'LBF', 'LMK', 'LOT', 'LSX', 'MKX', 'MPX', 'MQT', 'OAX', 'PAH', 'PUB', 'RIW', 'SGF',
    'TOP', 'UNR',
  ],
  WR: ['BOI', 'BYZ', 'EKA', 'FGZ', 'GGW', 'HNX', 'LKN', 'LOX', 'MFR', 'MSO', 'MTR', 'OTX', 'PDT', 'PIH', 'PQR', 'PSR', 'REV', 'SEW', 'SGX', 'SLC', 'STO', 'TFX', 'TWC', 'VEF'],
  AR: ['AER', 'AFC', 'AFG', 'AJK', 'ALU'],
  PR: ['GUM', 'HPA', 'HFO', 'PPG', 'STU'],
};

const REGION_OF = new Map<string, NwsRegionCode>(
  (Object.entries(OFFICES_BY_REGION) as [NwsRegionCode, readonly string[]][]).flatMap(([region, ids]) => ids.map((id) => [id, region] as const)),
);

/** The office's region; an office the official list does not name stops the build rather than guess. */
export function nwsRegionOf(officeId: string): NwsRegionCode {
  const region = REGION_OF.get(officeId);
  if (!region) throw new Error(`office ${officeId} is in no NWS region of the official list`);
  return region;
}
