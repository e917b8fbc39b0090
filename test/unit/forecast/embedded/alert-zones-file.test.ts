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
  alertZonesText,
  readAlertZones,
} from '../../../../adapters/forecast/embedded/alerts/alert-zone-file.ts';
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

  it('is the list the shipped provider is given', () => {
    assert.ok(serialize(deps().alertZones!()).equals(serialize(listed)));
  });
});
