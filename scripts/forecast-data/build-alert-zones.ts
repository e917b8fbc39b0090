// Writes adapters/forecast/embedded/data/alert-zones.json: the alert model's zones per office, as the alert
// routes list them (alert-zone-file.ts). Run after the catalogue, the grid offsets or zone-places.json change
// (npm run data:build does, after build-zone-places.ts). alert-zones-file.test.ts regenerates and compares.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { embeddedDataDir } from '../../adapters/forecast/embedded/data-dir.ts';
import { loadEmbeddedDeps } from '../../adapters/forecast/embedded/load-embedded-deps.ts';
import { ALERT_ZONES_FILE, alertZonesText } from '../../adapters/forecast/embedded/alerts/alert-zone-file.ts';
import { servedAlertZones } from '../../adapters/forecast/embedded/alerts/served-alert-zones.ts';

/** The list the alert routes would make from the shipped data, worked out in full. */
export function listedAlertZones(): ReturnType<typeof servedAlertZones> {
  const deps = loadEmbeddedDeps({ now: () => new Date() });
  return servedAlertZones(deps);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = alertZonesText(listedAlertZones());
  writeFileSync(join(embeddedDataDir(), ALERT_ZONES_FILE), text);
  process.stdout.write(`${ALERT_ZONES_FILE}: ${(text.length / 1024).toFixed(0)} KiB\n`);
}
