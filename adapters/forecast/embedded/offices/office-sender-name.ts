import type { OfficeRecord } from '../catalogue/types.ts';

// Alerts are signed "NWS <city> <state>" (senderName, headline). The catalogue's office names come from the
// CWA outlines and carry no state, so the state of each office's location is listed here.
const OFFICE_STATE: Readonly<Record<string, string>> = {
  ABQ: 'NM',
  ABR: 'SD',
  AFC: 'AK',
  AFG: 'AK',
  AJK: 'AK',
  AKQ: 'VA',
  ALY: 'NY',
  AMA: 'TX',
  APX: 'MI',
  ARX: 'WI',
  BGM: 'NY',
  BIS: 'ND',
  BMX: 'AL',
  BOI: 'ID',
  BOU: 'CO',
  BOX: 'MA',
  BRO: 'TX',
  BTV: 'VT',
  BUF: 'NY',
  BYZ: 'MT',
  CAE: 'SC',
  CAR: 'ME',
  CHS: 'SC',
  CLE: 'OH',
  CRP: 'TX',
  CTP: 'PA',
  CYS: 'WY',
  DDC: 'KS',
  DLH: 'MN',
  DMX: 'IA',
  DTX: 'MI',
  EAX: 'MO',
  EKA: 'CA',
  EPZ: 'TX',
  EWX: 'TX',
  FFC: 'GA',
  FGF: 'ND',
  FGZ: 'AZ',
  FSD: 'SD',
  GGW: 'MT',
  GID: 'NE',
  GJT: 'CO',
  GLD: 'KS',
  GRB: 'WI',
  GRR: 'MI',
  GSP: 'SC',
  GUM: 'GU',
  GYX: 'ME',
  HFO: 'HI',
  HGX: 'TX',
  HNX: 'CA',
  HUN: 'AL',
  ICT: 'KS',
  ILN: 'OH',
  ILX: 'IL',
  IND: 'IN',
  JAN: 'MS',
  JAX: 'FL',
  JKL: 'KY',
  KEY: 'FL',
  LBF: 'NE',
  LCH: 'LA',
  LIX: 'LA',
  LKN: 'NV',
  LMK: 'KY',
  LOT: 'IL',
  LOX: 'CA',
  LSX: 'MO',
  LUB: 'TX',
  LZK: 'AR',
  MAF: 'TX',
  MEG: 'TN',
  MFL: 'FL',
  MFR: 'OR',
  MHX: 'NC',
  MKX: 'WI',
  MLB: 'FL',
  MOB: 'AL',
  MPX: 'MN',
  MQT: 'MI',
  MRX: 'TN',
  MSO: 'MT',
  MTR: 'CA',
  OAX: 'NE',
  OHX: 'TN',
  OKX: 'NY',
  OTX: 'WA',
  OUN: 'OK',
  PAH: 'KY',
  PBZ: 'PA',
  PDT: 'OR',
  PHI: 'NJ',
  PIH: 'ID',
  PPG: 'AS',
  PQR: 'OR',
  PSR: 'AZ',
  PUB: 'CO',
  RAH: 'NC',
  REV: 'NV',
  RIW: 'WY',
  RLX: 'WV',
  RNK: 'VA',
  SEW: 'WA',
  SGF: 'MO',
  SGX: 'CA',
  SHV: 'LA',
  SJT: 'TX',
  SJU: 'PR',
  SLC: 'UT',
  STO: 'CA',
  TAE: 'FL',
  TBW: 'FL',
  TFX: 'MT',
  TOP: 'KS',
  TSA: 'OK',
  TWC: 'AZ',
  UNR: 'SD',
  VEF: 'NV',
};

/** The state an office is in (its location's), where listed. */
export function officeState(officeId: string): string | undefined {
  return OFFICE_STATE[officeId];
}

/**
 * Offices whose signature is not simply "<name> <state>" (as api.weather.gov's senderName has them). The
 * office list's name is not always the one the office signs with: BOU, EPZ, GUM, LIX and OKX sign "Denver CO",
 * "El Paso Tx/Santa Teresa NM" (the lower-case "x" as sent), "Tiyan GU", "New Orleans LA" and "Upton NY" in
 * recorded api.weather.gov alerts (`senderName`) kept in public test fixtures, where no alert was found
 * signed "Denver/Boulder CO", "New Orleans/Baton Rouge LA", "Guam GU" or "New York City NY".
 */
const SIGNATURE: Readonly<Record<string, string>> = {
  BOU: 'Denver CO',
  DVN: 'Quad Cities IA IL',
  EPZ: 'El Paso Tx/Santa Teresa NM',
  FWD: 'Fort Worth TX',
  GUM: 'Tiyan GU',
  ILM: 'Wilmington NC',
  IWX: 'Northern Indiana',
  LIX: 'New Orleans LA',
  LWX: 'Baltimore MD/Washington DC',
  OKX: 'Upton NY',
  TBW: 'Tampa Bay Ruskin FL',
};

/** The office part of "NWS Topeka KS". */
export function officeSignature(office: Pick<OfficeRecord, 'id' | 'name'>): string {
  const special = SIGNATURE[office.id];
  if (special) return special;
  const state = OFFICE_STATE[office.id];
  return state ? `${office.name} ${state}` : office.name;
}

/**
 * The office as a text product's byline names it ("National Weather Service New York NY"), where it differs
 * from the alerts' signature: OKX's discussions and climate reports are signed "New York NY" and BOU's
 * discussions and state forecasts "Denver/Boulder CO" (recorded products, 2024-2026, kept in public test
 * fixtures), though their CAP alerts come from "NWS Upton NY" and "NWS Denver CO".
 */
const BYLINE: Readonly<Record<string, string>> = {
  BOU: 'Denver/Boulder CO',
  OKX: 'New York NY',
};

/** The office part of a product's "National Weather Service Topeka KS" line. */
export function officeByline(office: Pick<OfficeRecord, 'id' | 'name'>): string {
  return BYLINE[office.id] ?? officeSignature(office);
}
