import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HAZARD_RULES, hourlySeries } from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { growingSeason } from '../../../../../adapters/forecast/embedded/weather/alert-rules.ts';
import { hazardContext, placeHazards } from '../../../../../adapters/forecast/embedded/weather/hazard-windows.ts';

const HOUR = (iso: string) => Date.parse(iso) / 3_600_000;

/** Frost and freeze products belong to the growing season: none in the dead of winter, where it freezes anyway. */
test("no Frost Advisory or Freeze Warning in January, on Alaska's mild coasts as inland", () => {
  const places = [
    { lat: 58.3019, lon: -134.4197, elevationM: 10 }, // Juneau
    { lat: 57.79, lon: -152.4072, elevationM: 20 }, // Kodiak
    { lat: 61.2181, lon: -149.9003, elevationM: 30 }, // Anchorage
    { lat: 64.8378, lon: -147.7164, elevationM: 140 }, // Fairbanks
    { lat: 47.6062, lon: -122.3321, elevationM: 50 }, // Seattle
    { lat: 51.88, lon: -176.6581, elevationM: 5 }, // Adak
    { lat: 52.7123, lon: 174.1136, elevationM: 30 }, // Shemya, Western Aleutians (east of the date line)
  ];
  for (const place of places) {
    for (const start of ['2026-01-05T00:00:00Z', '2026-01-20T00:00:00Z', '2026-02-05T00:00:00Z']) {
      const first = HOUR(start);
      const frost = placeHazards(HAZARD_RULES, place, first, hourlySeries(place, first, 240)).filter(
        (w) => w.rule.family === 'freeze',
      );
      assert.deepEqual(
        frost.map((w) => w.rule.event),
        [],
        `${JSON.stringify(place)} from ${start}`,
      );
    }
  }
});

test('frost and freeze products still come in spring and autumn where it gets cold', () => {
  const place = { lat: 39.05, lon: -95.68, elevationM: 300 }; // Topeka
  let seen = 0;
  for (let day = 0; day < 60; day += 4) {
    const first = HOUR('2026-10-01T00:00:00Z') + day * 24;
    seen += placeHazards(HAZARD_RULES, place, first, hourlySeries(place, first, 96)).filter(
      (w) => w.rule.family === 'freeze',
    ).length;
  }
  assert.ok(seen > 0, 'an autumn in Kansas brings at least one frost or freeze product');
});

/** Frost and freeze products (any) in a place's hazard windows over `days` days from `start`, 4 days at a time. */
function frostWindows(place: { lat: number; lon: number; elevationM: number }, start: string, days: number): number {
  let seen = 0;
  for (let day = 0; day < days; day += 4) {
    const first = HOUR(start) + day * 24;
    seen += placeHazards(HAZARD_RULES, place, first, hourlySeries(place, first, 96)).filter(
      (w) => w.rule.family === 'freeze',
    ).length;
  }
  return seen;
}

test('the growing season is over in Southeast Alaska by late November and on the northern plains by November (issue 38 item 4)', () => {
  const late = [
    { lat: 58.3019, lon: -134.4197, elevationM: 10 }, // Juneau
    { lat: 57.0531, lon: -135.33, elevationM: 5 }, // Sitka
    { lat: 55.3422, lon: -131.6461, elevationM: 10 }, // Ketchikan
  ];
  for (const place of late) assert.equal(frostWindows(place, '2026-11-20T00:00:00Z', 40), 0, JSON.stringify(place));
  const plains = [
    { lat: 46.8083, lon: -100.7837, elevationM: 510 }, // Bismarck
    { lat: 46.8772, lon: -96.7898, elevationM: 275 }, // Fargo
    { lat: 47.5, lon: -111.3, elevationM: 1010 }, // Great Falls
  ];
  for (const place of plains) assert.equal(frostWindows(place, '2026-11-01T00:00:00Z', 120), 0, JSON.stringify(place));
});

test('where the growing season never ends, freeze products come in winter too', () => {
  // North Florida and south Georgia: hard freezes in January threaten crops that are in the ground all winter.
  const places = [
    { lat: 30.44, lon: -84.28, elevationM: 20 }, // Tallahassee
    { lat: 31.58, lon: -84.16, elevationM: 60 }, // Albany GA
    { lat: 30.33, lon: -81.66, elevationM: 5 }, // Jacksonville
  ];
  const seen = places.reduce((n, p) => n + frostWindows(p, '2026-12-01T00:00:00Z', 90), 0);
  assert.ok(seen > 0, 'a winter in north Florida brings a frost or freeze product');
});

// Atlanta, Nashville and Birmingham: FFC's, OHX's and BMX's program ends with November (alert-rules.ts).
const SOUTHEAST = [
  { lat: 33.749, lon: -84.388, elevationM: 300 }, // Atlanta
  { lat: 36.1627, lon: -86.7816, elevationM: 180 }, // Nashville
  { lat: 33.5186, lon: -86.8104, elevationM: 180 }, // Birmingham
];

test("the Southeast's frost and freeze program stops for the winter, as FFC's, OHX's and BMX's do (issue 38 item 4)", () => {
  for (const place of SOUTHEAST)
    for (const start of ['2026-12-08T00:00:00Z', '2027-01-05T00:00:00Z'])
      assert.equal(frostWindows(place, start, 28), 0, `${JSON.stringify(place)} from ${start}`);
});

test('the Southeast still has frost and freeze products in autumn and in spring', () => {
  const autumn = SOUTHEAST.reduce((n, p) => n + frostWindows(p, '2026-10-20T00:00:00Z', 32), 0);
  const spring = SOUTHEAST.reduce((n, p) => n + frostWindows(p, '2027-03-01T00:00:00Z', 48), 0);
  assert.ok(autumn > 0, 'late October to November brings a frost or freeze product to the Southeast');
  assert.ok(spring > 0, 'March and April bring a frost or freeze product to the Southeast');
});

/** Whether the frost/freeze program runs at a place at 09Z on each of `days` days from `start`. */
function programDays(place: { lat: number; lon: number; elevationM: number }, start: string, days: number): boolean[] {
  return Array.from({ length: days }, (_, d) => growingSeason(hazardContext(place, HOUR(start) + 9 + 24 * d)));
}

const ATLANTA = { lat: 33.749, lon: -84.388, elevationM: 300 };
const BIRMINGHAM = { lat: 33.5186, lon: -86.8104, elevationM: 180 };
const JACKSON = { lat: 32.2988, lon: -90.1848, elevationM: 90 };

test("the Southeast's program ends by late November, as FFC's on Nov 20 and BMX's at Thanksgiving (issue 38 item 4)", () => {
  // Thanksgiving 2026 is Nov 26.
  for (const [place, start] of [
    [ATLANTA, '2026-11-26T00:00:00Z'],
    [BIRMINGHAM, '2026-11-27T00:00:00Z'],
  ] as const) {
    const days = programDays(place, start, 90);
    assert.equal(
      days.indexOf(true),
      -1,
      `${JSON.stringify(place)}: in season ${days.indexOf(true)} days after ${start}`,
    );
    assert.ok(programDays(place, '2026-11-05T00:00:00Z', 1)[0], `${JSON.stringify(place)} still in season on Nov 5`);
  }
});

test('the spring program starts near the median last freeze, not in mid-February (MSU Extension; FFC, BMX Mar 15)', () => {
  for (const [place, days] of [
    [JACKSON, 23], // to Feb 23
    [BIRMINGHAM, 34], // to Mar 6
    [ATLANTA, 38], // to Mar 10
  ] as const) {
    const early = programDays(place, '2027-02-01T00:00:00Z', days);
    assert.equal(
      early.indexOf(true),
      -1,
      `${JSON.stringify(place)}: in season ${early.indexOf(true)} days after Feb 1`,
    );
    assert.ok(programDays(place, '2027-04-01T00:00:00Z', 1)[0], `${JSON.stringify(place)} in season by April`);
  }
});

test('where the program ends for the winter it stays ended until spring, not for a week or two of January', () => {
  const places = [
    { lat: 30.6954, lon: -88.0399, elevationM: 10 }, // Mobile: FOX10's average last freeze Feb 26
    { lat: 32.7765, lon: -79.9311, elevationM: 5 }, // Charleston: CHS's coast restarts Mar 1
    { lat: 32.08, lon: -81.09, elevationM: 10 }, // Savannah
    { lat: 31.58, lon: -84.16, elevationM: 60 }, // Albany GA
  ];
  for (const place of places) {
    const winter = programDays(place, '2026-12-01T00:00:00Z', 151); // Dec 1 to Apr 30
    const off = winter.indexOf(false);
    const back = winter.indexOf(true, off);
    assert.ok(off >= 0 && off <= 31, `${JSON.stringify(place)}: the program ends in December (day ${off})`);
    assert.ok(back >= 62, `${JSON.stringify(place)}: back in season ${back} days after Dec 1, before February`);
    assert.equal(winter.indexOf(false, back), -1, `${JSON.stringify(place)}: ends a second time`);
  }
});

test('where the normals never cool to the autumn end the program runs all winter (LIX, JAX)', () => {
  const places = [
    { lat: 29.9511, lon: -90.0715, elevationM: 2 }, // New Orleans
    { lat: 30.4515, lon: -91.1871, elevationM: 15 }, // Baton Rouge
    { lat: 30.33, lon: -81.66, elevationM: 5 }, // Jacksonville
  ];
  for (const place of places)
    assert.equal(programDays(place, '2026-12-01T00:00:00Z', 90).indexOf(false), -1, JSON.stringify(place));
});

test("the East's shorter program comes in over two degrees of longitude, not at a line (LZK, SGF)", () => {
  // Days out of the program from Sep 1 to Jun 1, west to east in quarter degrees across 92° W: at Little Rock's
  // latitude and Springfield's. A step at the line put Little Rock (92.3° W) and Pine Bluff (92.0° W) 50 days apart.
  for (const lat of [34.75, 37.2]) {
    const offDays: number[] = [];
    for (let lon = -95; lon <= -90.99; lon += 0.25) {
      const days = programDays({ lat, lon, elevationM: 100 }, '2026-09-01T00:00:00Z', 273);
      offDays.push(days.filter((inSeason) => !inSeason).length);
    }
    const steps = offDays.slice(1).map((n, i) => Math.abs(n - offDays[i]!));
    assert.ok(Math.max(...steps) <= 10, `lat ${lat}: days out of season west to east ${offDays.join(', ')}`);
    assert.ok(offDays.at(-1)! - offDays[0]! >= 30, `lat ${lat}: the East's season is still the shorter one`);
  }
});

test('in the East the program runs no longer north of 45° N than just south of it (MQT, APX, GYX)', () => {
  // Days out of the program from Sep 1 to Jun 1, south to north in half degrees: northern Michigan's and
  // Maine's. The northern tier's rule (7 °C) north of 45° had given them 15-24 days more program than the south.
  for (const lon of [-84.5, -70]) {
    const offDays: number[] = [];
    for (let lat = 43.5; lat <= 47.01; lat += 0.5)
      offDays.push(programDays({ lat, lon, elevationM: 200 }, '2026-09-01T00:00:00Z', 273).filter((d) => !d).length);
    const drops = offDays.slice(1).map((n, i) => offDays[i]! - n);
    assert.ok(Math.max(...drops) <= 3, `lon ${lon}: days out of season south to north ${offDays.join(', ')}`);
  }
});
