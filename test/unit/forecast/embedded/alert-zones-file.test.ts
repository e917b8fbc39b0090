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
import { OfficeIndex, officeZoneIds, zoneIdArrays } from '../../../../adapters/forecast/embedded/alerts/alert-scope.ts';
import { embeddedDataDir } from '../../../../adapters/forecast/embedded/data-dir.ts';
import { cellOfPoint } from '../../../../adapters/forecast/embedded/grid/grid-cell.ts';
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
    const fromZones = zoneIdArrays(listed);
    assert.deepEqual(
      Array.from({ length: lines.ids.length }, (_, office) => lines.ids.idsOf(office)),
      fromZones,
    );
    // And the office index finds, for every zone, county and state, the offices whose zones name it: from the
    // file's text as from the zones made.
    const index = new OfficeIndex(lines.ids);
    const fromMade = new OfficeIndex(officeZoneIds(listed));
    const officesOf = new Map<string, Set<number>>();
    listed.forEach((zones, office) => {
      for (const zone of zones)
        for (const id of [zone.id, zone.county?.id, `state ${zone.id.slice(0, 2)}`])
          if (id) officesOf.set(id, (officesOf.get(id) ?? new Set()).add(office));
    });
    assert.ok(officesOf.size > 4_000, `${officesOf.size} ids and states`);
    for (const [id, offices] of officesOf) {
      const scope = id.startsWith('state ') ? { states: [id.slice(6)] } : { zones: new Set([id]) };
      assert.deepEqual(
        index.officesOf(scope),
        [...offices].sort((a, b) => a - b),
        id,
      );
      assert.deepEqual(fromMade.officesOf(scope), index.officesOf(scope), id);
    }
    // Several zones at once, and what names no zone of the file (a state's code, a quote, a part of an id).
    const mixed = { zones: new Set(['KSZ040', 'KSC177', 'NMZ201', 'AMZ250', 'KS', 'KSZ04', '"KSZ040"', 'ksz040']) };
    assert.deepEqual(index.officesOf(mixed), fromMade.officesOf(mixed));
    assert.deepEqual(index.officesOf({ zones: new Set(['KSZ040', 'KSC177', 'NMZ201']) }), [0, 117]);
    assert.deepEqual(index.officesOf({ zones: new Set(['XXZ999']) }), []);
    assert.deepEqual(
      index.zonesOf([0]),
      new Set(listed[0]!.flatMap((z) => [z.id, ...(z.county ? [z.county.id] : [])])),
    );
    // An office's zones, made alone when first read, are the parsed file's.
    assert.deepEqual(lines[60], listed[60]);
    assert.equal(lines[60], lines[60], 'made once');
  });

  it('is the list the shipped provider is given', () => {
    assert.ok(serialize(Array.from(deps().alertZones!())).equals(serialize(listed)));
  });

  it('names no land zone whose place answers 404: Pagan and the Marianas north of the Guam grid are left out', () => {
    // Issue 38 item 9: Pagan (MPZ006, 18.1° N) had Wind and Heat Advisories though /points answers 404 there,
    // north of the NDFD Guam grid's 16.8° N edge; so did Alamagan (MPZ005) and Agrihan (MPZ007).
    const offGrid: string[] = [];
    for (const zone of listed.flat())
      try {
        cellOfPoint(deps(), zone.lat, zone.lon);
      } catch {
        if (!zone.marine) offGrid.push(zone.id);
      }
    assert.deepEqual(offGrid, []);
    const gum = listed
      .flat()
      .filter((z) => z.officeId === 'GUM')
      .map((z) => z.id);
    for (const id of ['MPZ005', 'MPZ006', 'MPZ007']) assert.ok(!gum.includes(id), id);
    // Anatahan (MPZ004, 16.4° N) and Saipan lie on the grid and keep their alerts; Wake Island's waters keep
    // their marine products off the grid (alerts-wake-island.test.ts).
    for (const id of ['GUZ001', 'MPZ003', 'MPZ004', 'PMZ154', 'PMZ191']) assert.ok(gum.includes(id), id);
  });
});
