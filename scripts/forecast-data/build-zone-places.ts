// Writes adapters/forecast/embedded/data/zone-places.json: where the alert model samples each forecast and
// coastal marine zone's weather (alert-zone-place.ts), worked out once here rather than on every server's main
// thread (a marine zone's, over water, costs milliseconds: the office search around a point at sea; a land zone
// whose centroid is off its land, the search for its nearest land cell). Run after the catalogue, the grid
// offsets or the lake and sea masks change (npm run data:build does, in that order).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedDataDir } from '../../adapters/forecast/embedded/data-dir.ts';
import { loadEmbeddedDeps } from '../../adapters/forecast/embedded/load-embedded-deps.ts';
import {
  landZonePlace,
  ZONE_PLACES_FILE,
  marineZonePlace,
  type ZonePlacesFile,
} from '../../adapters/forecast/embedded/alerts/alert-zone-place.ts';
import { idOrder } from '../../adapters/forecast/embedded/weather/text-order.ts';

const deps = loadEmbeddedDeps({ now: () => new Date() });
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const rows = [
  ...[...deps.catalogue.forecastZones.values()].map((zone) => [zone.id, landZonePlace(deps, zone)] as const),
  ...[...deps.catalogue.marineZones.values()].map((zone) => [zone.id, marineZonePlace(deps, zone)] as const),
]
  .map(([id, p]) =>
    p.overWater ? ([id, p.lat, p.lon, p.elevationM, 1] as const) : ([id, p.lat, p.lon, p.elevationM] as const),
  )
  .sort((a, b) => idOrder(a[0], b[0]));
const file: ZonePlacesFile = { format: 2, fields: ['id', 'lat', 'lon', 'elevationM', 'overWater'], rows };
writeFileSync(join(embeddedDataDir(), ZONE_PLACES_FILE), `${JSON.stringify(file)}\n`);
process.stdout.write(`${rows.length} zones written (${round(JSON.stringify(file).length / 1024, 0)} KiB)\n`);
