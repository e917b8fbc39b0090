// data/alert-zones.json is generated data (scripts/forecast-data/build-alert-zones.ts): regenerated here
// and compared with the file shipped; and what the alert routes read from it must be the list they would
// work out, to the serialized byte, since the alert cycle cache names the model's cycles by a digest of it.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { serialize } from 'node:v8';
import {
  ALERT_ZONES_FILE,
  AlertZoneLines,
  alertZonesText,
  readAlertZones,
} from '../../../../adapters/forecast/embedded/alerts/alert-zone-file.ts';
import { OfficeIndex, officeZoneIds } from '../../../../adapters/forecast/embedded/alerts/alert-scope.ts';
import { embeddedDataDir } from '../../../../adapters/forecast/embedded/data-dir.ts';
import { listedAlertZones } from '../../../../scripts/forecast-data/build-alert-zones.ts';
import { deps } from './support.ts';

const path = join(embeddedDataDir(), ALERT_ZONES_FILE);
const listed = listedAlertZones();

describe('alert-zones.json', () => {
  it('is what the data build makes of the shipped data', () => {
    assert.ok(
      readFileSync(path, 'utf8') === alertZonesText(listed),
      'stale: run npx tsx scripts/forecast-data/build-alert-zones.ts',
    );
  });

  it('reads back as the list worked out from the catalogue, key for key and in the same order', () => {
    const read = readAlertZones(path);
    assert.equal(read.length, listed.length);
    assert.ok(listed.length > 100 && listed.flat().length > 3_500, `${listed.flat().length} zones`);
    assert.ok(serialize(read).equals(serialize(listed)), 'the serialized lists differ');
    assert.equal(JSON.stringify(read), JSON.stringify(listed));
  });

  it("names each office's zones and counties, read off its line unparsed, as its parsed zones do", () => {
    const lines = new AlertZoneLines(path);
    const fromZones = officeZoneIds(listed);
    assert.deepEqual(lines.ids, fromZones);
    // So the office index is the same one for every zone, county and state.
    const scanned = new OfficeIndex(lines.ids);
    const parsed = new OfficeIndex(fromZones);
    const ids = new Set(fromZones.flat(2) as string[]);
    const states = new Set([...ids].map((id) => id.slice(0, 2)));
    assert.ok(ids.size > 4_000 && states.size > 50, `${ids.size} ids, ${states.size} states`);
    for (const id of ids)
      assert.deepEqual(scanned.officesOf({ zones: new Set([id]) }), parsed.officesOf({ zones: new Set([id]) }));
    for (const state of states)
      assert.deepEqual(scanned.officesOf({ states: [state] }), parsed.officesOf({ states: [state] }));
    assert.deepEqual(scanned.zonesOf([0, 60]), parsed.zonesOf([0, 60]));
    // An office's zones, made alone when first read, are the parsed file's.
    assert.deepEqual(lines[60], listed[60]);
    assert.equal(lines[60], lines[60], 'made once');
  });

  it('is the list the shipped provider is given', () => {
    assert.ok(serialize(Array.from(deps().alertZones!())).equals(serialize(listed)));
  });
});
