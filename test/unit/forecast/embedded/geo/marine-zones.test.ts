// Issue 38 item 9: the NWS coastal marine zones (data/marine-zones.json, from the NWS mz18mr25 outlines). A
// point over water is answered by the office of the marine zone that holds it, and its `forecastZone` is that
// zone, as api.weather.gov gives marine zones for points and stations on the water. Held against real answers:
// the recorded /points answers over water (office and cell), and the stations api.weather.gov files under a
// marine zone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { cellOfPoint } from '../../../../../adapters/forecast/embedded/grid/grid-cell.ts';
import { pointDocuments } from '../../../../../adapters/forecast/embedded/grid/point-document.ts';
import { deps } from '../support.ts';
import { recordedAnswers } from './recorded-answers.ts';

const d = deps();
const { catalogue } = d;
const docs = pointDocuments(d);

const properties = (lat: number, lon: number) =>
  (docs.document({ lat, lon }, 'https://api.weather.gov').body as { properties: Record<string, unknown> }).properties;
const zoneId = (url: unknown) => (typeof url === 'string' ? url.slice(url.lastIndexOf('/') + 1) : url);

/** The real answers over water: those the resolver finds more than the shore's 1.5 km from land. */
const overWater = recordedAnswers().flatMap((a) => {
  try {
    const cell = cellOfPoint(d, a.lat, a.lon);
    return cell.overWater ? [{ a, cell }] : [];
  } catch {
    return [];
  }
});

describe('coastal marine zones (issue 38 item 9)', () => {
  it("ships the Key West office's sixteen zones and Guam's coastal waters under their NWS names", () => {
    const key = [...catalogue.marineZones.values()].filter((z) => z.cwa === 'KEY').map((z) => z.id);
    assert.deepEqual(key.sort(), [
      'GMZ031',
      'GMZ032',
      'GMZ033',
      'GMZ034',
      'GMZ035',
      'GMZ042',
      'GMZ043',
      'GMZ044',
      'GMZ052',
      'GMZ053',
      'GMZ054',
      'GMZ055',
      'GMZ072',
      'GMZ073',
      'GMZ074',
      'GMZ075',
    ]);
    assert.equal(
      catalogue.marineZones.get('GMZ042')?.name,
      'Hawk Channel from Ocean Reef to Craig Key out to the reef',
    );
    for (const id of ['PMZ151', 'PMZ152', 'PMZ153', 'PMZ154']) assert.equal(catalogue.marineZones.get(id)?.cwa, 'GUM');
    assert.equal(catalogue.marineZones.get('PMZ151')?.name, 'Guam Coastal Waters');
    // Offshore zones are the national centres' (NH2 and the like), not an office's: none is shipped.
    assert.equal(catalogue.marineZones.get('GMZ047'), undefined);
    assert.ok(catalogue.marineZones.size > 500, `${catalogue.marineZones.size} zones`);
  });

  it('gives every recorded answer over water the office of the marine zone holding it', () => {
    // 58 answers, from Humboldt Bay to the Great Lakes, the Keys and the Marianas. The one without a zone lies
    // on Virginia Key (Miami): land to the marine outlines, which leave a gap there between Biscayne Bay's zone
    // and the Atlantic's, and water to the simplified county outlines.
    const wrong: string[] = [];
    let zoned = 0;
    for (const { a, cell } of overWater) {
      const zone = catalogue.marineZoneAt(a.lat, a.lon);
      const office = a.gridId === 'AER' || a.gridId === 'ALU' ? 'AFC' : a.gridId;
      if (!zone) {
        if (`${a.lat},${a.lon}` !== '25.7486,-80.1528') wrong.push(`${a.lat},${a.lon}: no zone`);
        continue;
      }
      zoned++;
      if ((zone.lakeCwa ?? zone.cwa) !== office || cell.office.id !== office)
        wrong.push(
          `${a.lat},${a.lon}: ${a.gridId}, zone ${zone.id} of ${zone.cwa}/${zone.lakeCwa}, ours ${cell.office.id}`,
        );
    }
    assert.ok(overWater.length >= 58 && zoned >= 57, `${zoned} of ${overWater.length} in a zone`);
    assert.deepEqual(wrong, []);
  });

  it('answers the recorded Gulf point off Cape Sable from KEY by its marine zone, with that zone and no county', () => {
    // EAPerry/daily-weather-forecasts, 2023: 25.0391,-81.3642 is KEY 76,71.
    const p = properties(25.0391, -81.3642);
    assert.deepEqual(
      [p['type'], p['cwa'], p['gridId'], p['gridX'], p['gridY'], p['county'], p['fireWeatherZone']],
      ['marine', 'KEY', 'KEY', 76, 71, null, null],
    );
    assert.equal(catalogue.marineZones.get(zoneId(p['forecastZone']) as string)?.cwa, 'KEY');
  });

  it('names the marine zone api.weather.gov gives the stations it files under one', () => {
    // Recorded station features (test/fixtures/nws/recorded-station-zones.json) whose `forecast` zone is a
    // marine zone: Port Chicago in Suisun Bay, Hoquiam on Grays Harbor, Skagway, Barter Island, Cape Lisburne,
    // Shishmaref, Point Lay. The shipped outline of each holds its station.
    const rows = (
      JSON.parse(
        readFileSync(new URL('../../../../fixtures/nws/recorded-station-zones.json', import.meta.url), 'utf8'),
      ) as { stationZones: { rows: [string, number, number, string, number][] } }
    ).stationZones.rows.filter(([, , , zone]) => /^(AM|AN|GM|PZ|PK|PH|PM|LM|LS|LH|LE|LO)Z/.test(zone));
    assert.ok(rows.length >= 7, `${rows.length} stations`);
    for (const [id, lat, lon, zone] of rows) assert.equal(catalogue.marineZoneAt(lat, lon)?.id, zone, id);
  });

  it('puts the Great Lakes open waters on the office the NWS names for them', () => {
    // LMZ080 is IWX's zone, but its waters (Lake Michigan beyond 5 nautical miles) are Milwaukee's, as the
    // held-out 2023 answer 14 km off New Buffalo MI shows (MKX 132,19).
    const lmz080 = catalogue.marineZones.get('LMZ080')!;
    assert.deepEqual([lmz080.cwa, lmz080.lakeCwa], ['IWX', 'MKX']);
    const p = properties(41.9958, -86.6854);
    assert.deepEqual([p['gridId'], p['gridX'], p['gridY'], zoneId(p['forecastZone'])], ['MKX', 132, 19, 'LMZ080']);
  });
});
