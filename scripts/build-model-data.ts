// Builds dist/weather/model-data.bin (adapters/forecast/embedded/shared/shipped-model-data.ts): what the weather
// bundle's model would otherwise make in a fresh process and keep in TASKCAST_CACHE_DIR, made once here for
// the months around the build, so a run's first test file on a fresh machine reads it instead (issue 40
// item 4): every normals station's precipitation factor for each month, and each time zone of the catalogue's
// hourly offsets and short names through each month (by this Node's ICU and time-zone data: another Node's names miss them).
// Each entry is named as its cache file would be, by the bundle it ships beside: run by `npm run build`, after
// scripts/build-server-bundle.mjs. The model is the one in the sources, the same code the bundle holds.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { embeddedDataDir } from '../adapters/forecast/embedded/data-dir.ts';
import { modelCacheName } from '../adapters/forecast/embedded/shared/model-cache.ts';
import {
  SHIPPED_MODEL_DATA,
  shippedYearsEntry,
  writeShippedModelData,
} from '../adapters/forecast/embedded/shared/shipped-model-data.ts';
import { namesFileBody, zoneOffsetInputs } from '../adapters/forecast/embedded/shared/zone-offset-files.ts';
import { measureWholePrecipMonth } from '../adapters/forecast/embedded/weather/model.ts';
import { monthNames, monthOffsets } from '../adapters/forecast/embedded/weather/time.ts';

/** Years shipped either side of the build's: a test's fixed `now` of last year, or the clock of the next. */
const YEARS_BEFORE = 1;
const YEARS_AFTER = 1;

const root = fileURLToPath(new URL('..', import.meta.url));
const weatherDir = join(root, 'dist', 'weather');
const bundle = pathToFileURL(join(weatherDir, 'weather.mjs')).href;
const started = Date.now();
const year = new Date().getUTCFullYear();
const bodies = new Map<string, NodeJS.ArrayBufferView>();

function add(name: string | undefined, body: NodeJS.ArrayBufferView): void {
  if (name === undefined) throw new Error(`no cache name beside ${bundle}: build dist/weather/ first`);
  bodies.set(name, body);
}

// Precipitation months go by year × 12 + month, zone months by months since January 1970.
for (let index = (year - YEARS_BEFORE) * 12; index < (year + YEARS_AFTER + 1) * 12; index++)
  add(modelCacheName(bundle, 'precip-months', null, `${index}.f64`), measureWholePrecipMonth(index));
const inputs = zoneOffsetInputs();
const zones = catalogueTimeZones();
const [fromMonth, toMonth] = [(year - YEARS_BEFORE - 1970) * 12, (year + YEARS_AFTER + 1 - 1970) * 12];
for (const timeZone of zones) {
  for (let month = fromMonth; month < toMonth; month++)
    add(
      modelCacheName(bundle, 'zone-offsets', { ...inputs, timeZone, month }, `${month}.i16`),
      monthOffsets(timeZone, month),
    );
  const names = zoneNames(timeZone);
  if (names !== undefined)
    add(
      modelCacheName(bundle, 'zone-offsets', { ...inputs, timeZone }, 'names'),
      namesFileBody({ fromMonth, toMonth, names }),
    );
}
bodies.set(...shippedYearsEntry(year - YEARS_BEFORE, year + YEARS_AFTER));
const file = join(weatherDir, SHIPPED_MODEL_DATA);
writeShippedModelData(file, bodies);
console.log(
  `dist/weather/${SHIPPED_MODEL_DATA}: ${bodies.size} entries (${zones.length} time zones), ${statSync(file).size} bytes in ${Date.now() - started} ms`,
);

/** A zone's short names by offset through the shipped months, if each offset goes by one name throughout. */
function zoneNames(timeZone: string): Map<number, string> | undefined {
  const names = new Map<number, string>();
  for (let month = fromMonth; month < toMonth; month++)
    for (const [offset, name] of monthNames(timeZone, month) ?? [[NaN, '']]) {
      if ((names.get(offset) ?? name) !== name || Number.isNaN(offset)) return undefined;
      names.set(offset, name);
    }
  return names;
}

/** Every IANA time zone the shipped data names (UTC too): the zones a point's documents are dated in. */
function catalogueTimeZones(): string[] {
  const zones = new Set<string>(['UTC']);
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (/^[A-Z][A-Za-z_]+\/[A-Za-z_/-]+$/.test(value) && isTimeZone(value)) zones.add(value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  const dir = embeddedDataDir();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')))
    visit(JSON.parse(readFileSync(join(dir, name), 'utf8')));
  return [...zones].sort();
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
