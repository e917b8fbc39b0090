import type { OfficeRecord } from '../catalogue/types.ts';
import { wmoCollective } from '../weather/alert-codes.ts';
import { hashString } from '../weather/hash.ts';
import { localTime } from '../weather/time.ts';

// The text products the embedded offices issue: real NWS product codes (AWIPS PIL prefixes) and names,
// with the WMO headings of their families (FXUS6n discussions, FLUS4n outlooks, FPUS5n zone forecasts;
// US and n the WMO area of the office, the alerts' own rule: FXUS62 KTBW, FXUS65 KBOU, FXCA62 TJSJ, FXAK67 PAJK)
// and 4-letter issuing ids (K + office, P for Alaska and the Pacific,
// TJSJ for San Juan, NSTU for Pago Pago).

export interface ProductType {
  readonly code: string;
  readonly name: string;
  /** Local hours (office time zone) at which the office issues it. */
  readonly localHours: readonly number[];
  /** WMO data type and area, before the area digit: FXUS6, FLUS4, FPUS5. */
  readonly wmoStem: string;
}

export const PRODUCT_TYPES: readonly ProductType[] = [
  { code: 'AFD', name: 'Area Forecast Discussion', localHours: [3, 9, 15, 21], wmoStem: 'FXUS6' },
  { code: 'HWO', name: 'Hazardous Weather Outlook', localHours: [5, 16], wmoStem: 'FLUS4' },
  { code: 'ZFP', name: 'Zone Forecast Product', localHours: [4, 16], wmoStem: 'FPUS5' },
];

export const PRODUCT_TYPE_BY_CODE: ReadonlyMap<string, ProductType> = new Map(PRODUCT_TYPES.map((t) => [t.code, t]));

/** Products are kept this long, the span the alert cycles held in memory can speak for. */
export const PRODUCT_RETENTION_HOURS = 48;

/**
 * Products an office sends under another class digit than its family's: NWS Guam's discussion (AFDGUM) goes out
 * as "FXPQ50 PGUM" (forecast.weather.gov product.php?issuedby=GUM&product=AFD, 2025), not FXPQ60, which was its
 * older Micronesia-wide AFDPQ's (tgftp.nws.noaa.gov data/raw/fx/fxpq60.pgum..txt, 2015-2016).
 */
const STEM_BY_OFFICE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  GUM: { AFD: 'FXUS5' },
};

/** The WMO heading's data type and area, such as FXUS63 (a north-central office's discussion), the alerts' rule. */
export function wmoCollectiveId(type: ProductType, office: OfficeRecord): string {
  return wmoCollective(STEM_BY_OFFICE[office.id]?.[type.code] ?? type.wmoStem, office.id);
}

const ISSUING_ID: Readonly<Record<string, string>> = {
  SJU: 'TJSJ',
  PPG: 'NSTU',
  GUM: 'PGUM',
  HFO: 'PHFO',
  AFC: 'PAFC',
  AFG: 'PAFG',
  AJK: 'PAJK',
};

/** The 4-letter id in the WMO heading: KTOP, PAFC, TJSJ. */
export function issuingOfficeId(office: OfficeRecord): string {
  return ISSUING_ID[office.id] ?? `K${office.id}`;
}

export interface ProductIssue {
  readonly type: ProductType;
  readonly office: OfficeRecord;
  readonly issuedMs: number;
  readonly id: string;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A product id that names what it is, so a product can be rebuilt from its id alone: afd-top-202607151520. */
export function productId(type: ProductType, office: OfficeRecord, issuedMs: number): string {
  const d = new Date(issuedMs);
  return `${type.code}-${office.id}-${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`.toLowerCase();
}

/** Each office issues at its own minute past the hour (20 to 49), stable across days. */
function issueMinute(type: ProductType, office: OfficeRecord): number {
  return 20 + (hashString(`${type.code}|${office.id}`) % 30);
}

/** The issues of one type by one office from `sinceMs` to `nowMs`, newest first. */
export function issuesOf(type: ProductType, office: OfficeRecord, sinceMs: number, nowMs: number): ProductIssue[] {
  const out: ProductIssue[] = [];
  const minute = issueMinute(type, office);
  for (let hourMs = Math.floor(nowMs / 3_600_000) * 3_600_000; hourMs >= sinceMs - 3_600_000; hourMs -= 3_600_000) {
    const issuedMs = hourMs + minute * 60_000;
    if (issuedMs > nowMs || issuedMs < sinceMs) continue;
    if (!type.localHours.includes(localTime(issuedMs, office.timeZone).hour)) continue;
    out.push({ type, office, issuedMs, id: productId(type, office, issuedMs) });
  }
  return out;
}

/** Reads a product id back into its issue; undefined when it is not one of ours. */
export function parseProductId(id: string, offices: ReadonlyMap<string, OfficeRecord>): ProductIssue | undefined {
  const m = /^([a-z0-9]{3})-([a-z]{3})-(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(id);
  if (!m) return undefined;
  const type = PRODUCT_TYPE_BY_CODE.get(m[1]!.toUpperCase());
  const office = offices.get(m[2]!.toUpperCase());
  if (!type || !office) return undefined;
  const issuedMs = Date.UTC(Number(m[3]), Number(m[4]) - 1, Number(m[5]), Number(m[6]), Number(m[7]));
  if (Number.isNaN(issuedMs) || productId(type, office, issuedMs) !== id) return undefined;
  if (
    issueMinute(type, office) !== new Date(issuedMs).getUTCMinutes() ||
    !type.localHours.includes(localTime(issuedMs, office.timeZone).hour)
  )
    return undefined;
  return { type, office, issuedMs, id };
}
