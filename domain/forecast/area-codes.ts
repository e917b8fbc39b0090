// The area codes of api.weather.gov's alert, zone and station filters, as its OpenAPI (v3.8.1) declares
// them: AreaCode is a state or territory code or a marine area code, and a zone id (NWSZoneID) is one of
// those two letters, C (county) or Z (zone), and three digits.

/** StateTerritoryCode: the states, DC, the territories and the freely associated states NWS forecasts for. */
export const STATE_TERRITORY_CODES: ReadonlySet<string> = new Set([
  ...['AL', 'AK', 'AS', 'AR', 'AZ', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'GU', 'HI', 'ID', 'IL', 'IN', 'IA'],
  ...['KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC'],
  ...['ND', 'OH', 'OK', 'OR', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VI', 'VA', 'WA', 'WV', 'WI'],
  ...['WY', 'MP', 'PW', 'FM', 'MH'],
]);

/** MarineAreaCode (NWS Directive 10-302): AM, AN, GM, the Great Lakes, the Pacific areas, the St. Lawrence. */
export const MARINE_AREA_CODES: ReadonlySet<string> = new Set([
  ...['AM', 'AN', 'GM', 'LC', 'LE', 'LH', 'LM', 'LO', 'LS', 'PH', 'PK', 'PM', 'PS', 'PZ', 'SL'],
]);

/**
 * The marine region (MarineRegionCode) of each marine area: the Atlantic's AM and AN, the Gulf, the Great
 * Lakes and the St. Lawrence, the eastern Pacific (PZ), Alaska (PK), the Pacific islands (PH, PM, PS).
 */
const MARINE_AREA_REGIONS: ReadonlyMap<string, string> = new Map([
  ...(['AM', 'AN'] as const).map((a) => [a, 'AT'] as const),
  ['GM', 'GM'],
  ...(['LC', 'LE', 'LH', 'LM', 'LO', 'LS', 'SL'] as const).map((a) => [a, 'GL'] as const),
  ['PZ', 'PA'],
  ['PK', 'AL'],
  ...(['PH', 'PM', 'PS'] as const).map((a) => [a, 'PI'] as const),
]);

/** The marine region of a marine area code (GM → GM, LM → GL); undefined for a state or territory. */
export function marineRegionOf(area: string): string | undefined {
  return MARINE_AREA_REGIONS.get(area);
}

/** Whether `code` (upper case) is an AreaCode: a state, territory or marine area. */
export function isAreaCode(code: string): boolean {
  return STATE_TERRITORY_CODES.has(code) || MARINE_AREA_CODES.has(code);
}

const ZONE_SHAPE = /^([A-Z]{2})[CZ]\d{3}$/;

/** Whether `id` (upper case) is a zone id: an area code, C or Z, three digits (KSZ009, KSC201, AMZ650). */
export function isZoneCode(id: string): boolean {
  const m = ZONE_SHAPE.exec(id);
  return m !== null && isAreaCode(m[1]!);
}
