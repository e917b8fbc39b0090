import type { OfficeRecord } from '../catalogue/types.ts';
import { officeState } from '../weather/office-states.ts';

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
  const state = officeState(office.id);
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
