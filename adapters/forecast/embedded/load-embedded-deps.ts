import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../../application/shared/clock.ts';
import { ALERT_ZONES_FILE, AlertZoneLines } from './alerts/alert-zone-file.ts';
import { loadCatalogue } from './catalogue/load-catalogue.ts';
import { embeddedDataDir } from './data-dir.ts';
import type { EmbeddedDeps, GridWindowOrigin } from './embedded-deps.ts';
import { isNdfdGridId, type NdfdGridId } from './geo/ndfd-grid.ts';
import { scenarioOverlay, type ScenarioSource } from './scenario-overlay.ts';
import { keepPrecipMonthsBeside } from './shared/precip-month-files.ts';
import { keepZoneOffsetsBeside } from './shared/zone-offset-files.ts';

const OFFSETS_FILE = join(embeddedDataDir(), 'grid-offsets.json');
const ALERT_ZONES = join(embeddedDataDir(), ALERT_ZONES_FILE);

/**
 * The shipped catalogue (read through its point index: a point costs the rows of its cells), grid offsets and
 * alert zones for the embedded provider.
 */
export function loadEmbeddedDeps(clock: Clock, scenario?: ScenarioSource): EmbeddedDeps {
  const raw = JSON.parse(readFileSync(OFFSETS_FILE, 'utf8')) as Record<string, unknown>;
  const offsets = new Map<string, GridWindowOrigin>();
  const sectors = new Map<NdfdGridId, string>();
  for (const [grid, office] of Object.entries((raw['_sectors'] ?? {}) as Record<string, unknown>))
    if (isNdfdGridId(grid) && typeof office === 'string') sectors.set(grid, office);
  for (const [office, value] of Object.entries(raw)) {
    if (!Array.isArray(value) || typeof value[0] !== 'number' || typeof value[1] !== 'number') continue;
    if (value.length === 2) offsets.set(office, [value[0], value[1]]);
    else if (value.length === 3 && isNdfdGridId(value[2])) offsets.set(office, [value[0], value[1], value[2]]);
  }
  const catalogue = loadCatalogue();
  // A fresh process's first forecast reads its stations' month factors if an earlier process kept them.
  keepPrecipMonthsBeside(import.meta.url);
  // And its first /points dates its point without starting ICU, if an earlier process kept the zone's month.
  keepZoneOffsetsBeside(import.meta.url);
  return {
    catalogue,
    offsets,
    sectors,
    alertZones: () => new AlertZoneLines(ALERT_ZONES),
    clock,
    overlay: scenario ? scenarioOverlay(catalogue, scenario) : undefined,
  };
}
