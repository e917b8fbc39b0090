// Issue 38 item 4: every alert the model issues is justified by the model's own forecast at the zones it
// covers over its valid time, frost and freeze products keep to the growing season, and the kinds of alert
// come in the regions and seasons where the NWS issues them. Many offices, a year of cycles.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { servedAlertZones } from '../../../../adapters/forecast/embedded/alerts/served-alert-zones.ts';
import { generateOfficeAlerts } from '../../../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import {
  hourlySeries,
  isAlertActive,
  latestCycle,
  type AlertFeature,
  type AlertZone,
  type WeatherSample,
} from '../../../../adapters/forecast/embedded/weather/index.ts';
import { zonePlace } from '../../../../adapters/forecast/embedded/weather/alerts.ts';
import { heatIndexC, windChillC } from '../../../../adapters/forecast/embedded/weather/physics.ts';
import {
  iceAccumulationMm,
  snowfallMm,
  weatherCondition,
} from '../../../../adapters/forecast/embedded/weather/derived-layers.ts';
import { feet, seaSettingOf, seaState } from '../../../../adapters/forecast/embedded/weather/sea-state.ts';
import { waterBodyOf, waterTempC } from '../../../../adapters/forecast/embedded/weather/water-temperature.ts';
import { depsAt } from './alerts-zones-support.ts';

const HOUR = 3_600_000;
const deps = depsAt('2026-01-01T00:00:00Z');
const allOffices = servedAlertZones(deps);
// Every fifth office (a spread over every region: the list is in office order), and Alaska's and Hawaii's.
const offices = allOffices.filter((zones, i) => i % 5 === 0 || ['AJK', 'AFC', 'HFO'].includes(zones[0]!.officeId));
const zoneById = new Map(offices.flat().map((z) => [z.id, z]));

const f = (c: number) => Math.round((c * 9) / 5 + 32);
const mph = (kmh: number) => Math.round(kmh / 1.609344);
/** An hour's "frequent gusts" over water, whole kt: halfway between the gridpoint's windSpeed and windGust. */
const frequentKt = (s: WeatherSample) => Math.round((s.windSpeedKmh + s.windGustKmh) / 2 / 1.852);
/**
 * Where a Small Craft Advisory may begin, kt, by marine area: the lowest threshold of the regions issuing
 * there (Southern Region's 20 kt in the Gulf and off the southern Atlantic coast, the Great Lakes' 22 kt,
 * Western Region's 21 kt, Alaska's 23 kt, 25 kt off New England and the islands).
 */
const SMALL_CRAFT_FROM: Readonly<Record<string, number>> = {
  AN: 25,
  AM: 20,
  GM: 20,
  PZ: 21,
  PK: 23,
  PH: 25,
  PM: 25,
  PS: 25,
};
const smallCraftFrom = (zone: AlertZone) => SMALL_CRAFT_FROM[zone.id.slice(0, 2)] ?? 22;
/**
 * Where a Small Craft Advisory for seas may begin, ft, by marine area: the lowest of the regions issuing there
 * (Eastern Region's 5 ft off the Atlantic coast north of Georgia, Southern Region's 7 ft in the Gulf, 10 ft
 * off the Pacific coast and the islands, Alaska's 8 ft); the Great Lakes' 4 ft.
 */
const SMALL_CRAFT_SEAS_FROM: Readonly<Record<string, number>> = {
  AN: 5,
  AM: 5,
  GM: 7,
  PZ: 10,
  PK: 8,
  PH: 10,
  PM: 10,
  PS: 10,
};
/**
 * Whether seas of `ft` meet a Small Craft Advisory's criterion at the zone: Western Region's ("exceeding 10
 * feet") and the Great Lakes' ("greater than 4 feet") must be passed, the others reached.
 */
const seasMeetSmallCraft = (zone: AlertZone, ft: number): boolean => {
  const area = zone.id.slice(0, 2);
  const from = SMALL_CRAFT_SEAS_FROM[area];
  if (from === undefined) return ft > 4;
  return area === 'PZ' ? ft > from : ft >= from;
};
const MARINE_EVENTS = new Set([
  'Small Craft Advisory',
  'Gale Warning',
  'Storm Warning',
  'Hurricane Force Wind Warning',
  'Gale Watch',
  'Storm Watch',
  'Hurricane Force Wind Watch',
  'Heavy Freezing Spray Warning',
  'Freezing Spray Advisory',
]);

const inches = (mm: number) => mm / 25.4;

/**
 * Overland's (1990) icing predictor at an hour, from the gridpoint's whole-°F temperature and whole-kt sustained
 * wind (windSpeed, the wind Overland's predictor is defined on) and the zone's water (its climatology: a gridpoint has no water temperature), at the most the rounding
 * allows (half a degree colder, half a knot more): PPR = Va (Tf − Ta) / (1 + 0.3 (Tw − Tf)); moderate icing
 * from 22.4, heavy (2 cm/h) from 53.3.
 */
function sprayAtLeast(hs: readonly WeatherSample[], z: AlertZone, from: number, ppr: number): boolean {
  const water = waterBodyOf(z.id, z.officeId, z.lat, z.lon);
  if (!water) return false;
  const tf =
    water === 'superior' || water === 'michigan' || water === 'huron' || water === 'erie' || water === 'ontario'
      ? 0
      : -1.7;
  return hs.some((s, k) => {
    const ta = ((f(s.temperatureC) - 0.5 - 32) * 5) / 9;
    const va = ((Math.round(s.windSpeedKmh / 1.852) + 0.5) * 1.852) / 3.6;
    const tw = waterTempC(water, from + k);
    return tw > tf && (va * (tf - ta)) / (1 + 0.3 * (tw - tf)) >= ppr;
  });
}

/** The most of an hourly gridpoint amount (mm) over any `hours` consecutive hours. */
function mostIn(hs: readonly WeatherSample[], hours: number, amount: (s: WeatherSample) => number): number {
  let most = 0;
  for (let i = 0; i < hs.length; i++) {
    let sum = 0;
    for (let j = i; j < Math.min(hs.length, i + hours); j++) sum += amount(hs[j]!);
    most = Math.max(most, sum);
  }
  return most;
}

/**
 * Heavy snow by the NWS regions' amounts (6 in in 12 h or 8 in 24; 4 or 6 south of 37° N, 2 or 3 south of
 * 33° N), or a quarter inch of ice, in the gridpoint's snowfallAmount and iceAccumulation: an hour of snow,
 * or 6 inches over two days, is an advisory.
 */
function winterStormAmounts(hs: readonly WeatherSample[], z: AlertZone): boolean {
  const [in12, in24] = z.lat >= 37 ? [6, 8] : z.lat >= 33 ? [4, 6] : [2, 3];
  return (
    inches(mostIn(hs, 12, snowfallMm)) >= in12 ||
    inches(mostIn(hs, 24, snowfallMm)) >= in24 ||
    inches(hs.reduce((a, s) => a + iceAccumulationMm(s), 0)) >= 0.25
  );
}

/** The gridpoint's quantitativePrecipitation in the hours whose weather is rain or thunderstorms. */
const rainfall = (s: WeatherSample) =>
  weatherCondition(s).some((w) => /^(rain|thunderstorms)$/.test(w.weather ?? '')) ? s.qpfMm : 0;

/**
 * What the gridpoint of one covered zone must show over the alert's valid time, in the gridpoint's own
 * rounding (whole °F temperatures, wind to the mph), at the NWS criteria of the product. Products judged by
 * the amounts of a storm ({@link SINCE_EVENT_START}) are judged over the event so far, from its first issuance's
 * onset: a warning in effect counts the snow already fallen.
 */
const JUSTIFIED: Readonly<
  Record<string, (hours: readonly WeatherSample[], zone: AlertZone, fromHour: number) => boolean>
> = {
  'Freeze Warning': (hs) => hs.some((s) => f(s.temperatureC) <= 32),
  'Frost Advisory': (hs) => hs.some((s) => f(s.temperatureC) <= 36),
  'Wind Advisory': (hs) => hs.some((s) => mph(s.windGustKmh) >= 46 || mph(s.windSpeedKmh) >= 31),
  'High Wind Warning': (hs) => hs.some((s) => mph(s.windGustKmh) >= 58 || mph(s.windSpeedKmh) >= 40),
  'Heat Advisory': (hs, z) =>
    hs.some((s) => f(heatIndexC(s.temperatureC, s.relativeHumidity)) >= (z.lat >= 40 ? 100 : 105)),
  'Extreme Heat Warning': (hs, z) =>
    hs.some((s) => f(heatIndexC(s.temperatureC, s.relativeHumidity)) >= (z.lat >= 40 ? 105 : 110)),
  'Winter Weather Advisory': (hs) =>
    hs.some((s) => weatherCondition(s).some((w) => /snow|sleet|freezing_rain/.test(w.weather ?? ''))),
  'Winter Storm Warning': (hs, z) => winterStormAmounts(hs, z),
  'Cold Weather Advisory': (hs) => hs.some((s) => f(windChillC(s.temperatureC, s.windSpeedKmh) ?? s.temperatureC) <= 5),
  'Extreme Cold Warning': (hs) =>
    hs.some((s) => f(windChillC(s.temperatureC, s.windSpeedKmh) ?? s.temperatureC) <= -10),
  // Heavy rain: 2 inches in a day, or an inch in six hours (the least flash-flood guidance, the desert's).
  'Flood Watch': (hs) => inches(mostIn(hs, 24, rainfall)) >= 2 || inches(mostIn(hs, 6, rainfall)) >= 1,
  'Dense Fog Advisory': (hs) => hs.some((s) => s.visibilityM <= 402),
  // Marine products: sustained winds or frequent gusts at the product's criteria (NWSI 10-315).
  'Small Craft Advisory': (hs, z) => hs.some((s) => frequentKt(s) >= smallCraftFrom(z)),
  'Gale Warning': (hs) => hs.some((s) => frequentKt(s) >= 34),
  'Storm Warning': (hs) => hs.some((s) => frequentKt(s) >= 48),
  'Hurricane Force Wind Warning': (hs) => hs.some((s) => frequentKt(s) >= 64),
  // A watch lists the warning's hours before its lead: the forecast holds the same wind over them.
  'Gale Watch': (hs) => hs.some((s) => frequentKt(s) >= 34),
  'Storm Watch': (hs) => hs.some((s) => frequentKt(s) >= 48),
  'Hurricane Force Wind Watch': (hs) => hs.some((s) => frequentKt(s) >= 64),
  // Freezing spray: heavy icing (2 cm/h or more) for the warning, moderate for the advisory (Overland 1990).
  'Heavy Freezing Spray Warning': (hs, z, from) => sprayAtLeast(hs, z, from, 53.3),
  'Freezing Spray Advisory': (hs, z, from) => sprayAtLeast(hs, z, from, 22.4),
};
const SINCE_EVENT_START = new Set(['Winter Storm Warning', 'Flood Watch']);

/** An alert's VTEC event (office, phenomenon, significance, tracking number), which its updates share. */
const vtecEvent = (a: AlertFeature) => a.properties.parameters.VTEC?.[0]?.split('.').slice(2, 6).join('.') ?? '';

interface Seen {
  alert: AlertFeature;
  cycle: number;
  /** The first onset of the alert's VTEC event among the cycle's issuances, epoch hour. */
  eventStart: number;
}

function cyclesOfYear(): number[] {
  const out: number[] = [];
  const start = Math.floor(Date.parse('2026-01-02T00:00:00Z') / HOUR);
  for (let day = 0; day < 365; day += 4) out.push(latestCycle(start + day * 24 + (day % 8 === 0 ? 0 : 12)));
  return out;
}

const seen: Seen[] = [];
/** Every office's list at every cycle, expired issuances too: the watches' hand-offs to their warnings. */
const lists: AlertFeature[][] = [];
for (const cycle of cyclesOfYear())
  for (const zones of offices) {
    const alerts = generateOfficeAlerts(zones, cycle);
    lists.push(alerts);
    const starts = new Map<string, number>();
    for (const a of alerts) {
      const onset = Math.floor(Date.parse(a.properties.onset) / HOUR);
      starts.set(vtecEvent(a), Math.min(onset, starts.get(vtecEvent(a)) ?? onset));
    }
    for (const alert of alerts)
      if (isAlertActive(alert, cycle * HOUR)) seen.push({ alert, cycle, eventStart: starts.get(vtecEvent(alert))! });
  }

describe('alerts the forecast justifies (issue 38 item 4)', () => {
  it('every zone of every alert meets the product criteria in its own gridpoint weather over the valid time', () => {
    assert.ok(seen.length >= 300, `${seen.length} alerts`);
    const failures: string[] = [];
    for (const { alert, eventStart } of seen) {
      const p = alert.properties;
      const check = JUSTIFIED[p.event];
      if (!check) {
        // Storm-based warnings (item 5's tests: storm-warnings-justified, special-marine-warnings) are the only
        // products with no criterion here.
        assert.match(p.event, /^(Severe Thunderstorm|Tornado|Flash Flood|Special Marine) Warning$/);
        continue;
      }
      const from = SINCE_EVENT_START.has(p.event) ? eventStart : Math.floor(Date.parse(p.onset) / HOUR);
      const to = Math.ceil(Date.parse(p.ends) / HOUR);
      for (const ugc of p.geocode.UGC) {
        const zone = zoneById.get(ugc)!;
        // Marine products over water only, land products over land only.
        if (MARINE_EVENTS.has(p.event) !== (zone.marine !== undefined)) failures.push(`${p.event} names ${ugc}`);
        const place = zonePlace(zone);
        const hours = hourlySeries(place, from, to - from);
        // A Small Craft Advisory rests on the wind or on the seas, the sea state's at the zone's place.
        const setting = zone.marine ? seaSettingOf(zone.id, zone.name, zone.lat) : undefined;
        const seasFt = setting ? hours.map((s, k) => feet(seaState(setting, place, from + k, s).waveHeightM)) : [];
        const bySeas = p.event === 'Small Craft Advisory' && seasFt.some((ft) => seasMeetSmallCraft(zone, ft));
        if (!check(hours, zone, from) && !bySeas) failures.push(`${p.event} ${ugc} ${p.onset}..${p.ends}`);
        // The NWS upgrades a zone that gets a warning's amounts rather than quote them in an advisory.
        if (p.event === 'Winter Weather Advisory' && winterStormAmounts(hours, zone))
          failures.push(`${p.event} at warning amounts ${ugc} ${p.onset}..${p.ends}`);
      }
    }
    assert.deepEqual(failures.slice(0, 400), [], `${failures.length} unjustified zone-alerts`);
  });
});

/**
 * How far ahead of its onset the NWS first lists each marine product, h (marine-lead-times.ts: the recorded
 * MWW products' leads and the Mariner's Guide): advisories 18, freezing spray 12, the wind warnings 24, their
 * watches beyond the warnings' lead only, and no further than 36 h ahead (measured 28-40 h, NOAA's "12 to 36
 * hours").
 */
const MOST_LEAD: Readonly<Record<string, number>> = {
  'Small Craft Advisory': 18,
  'Freezing Spray Advisory': 12,
  'Heavy Freezing Spray Warning': 12,
  'Gale Warning': 24,
  'Storm Warning': 24,
  'Hurricane Force Wind Warning': 24,
};

describe('marine products listed as far ahead as the NWS lists them (issue 38 item 4)', () => {
  it('lists a warning within its lead and a watch only beyond it, the watch expiring as the warning comes', () => {
    const failures: string[] = [];
    let watches = 0;
    for (const { alert, cycle } of seen) {
      const p = alert.properties;
      if (!MARINE_EVENTS.has(p.event)) continue;
      // The cycle's lead: how far past the cycle the event's first hour lay when this issuance listed it.
      const lead = Date.parse(p.onset) / HOUR - cycle;
      if (p.event.endsWith(' Watch')) {
        watches++;
        if (lead <= 24 || lead > 36) failures.push(`${p.event} ${lead} h ahead`);
      } else if (lead > MOST_LEAD[p.event]!) failures.push(`${p.event} ${lead} h ahead`);
    }
    assert.ok(watches > 0, 'no marine watch in a year of cycles');
    assert.deepEqual(failures.slice(0, 50), [], `${failures.length} issuances`);
  });

  it("hands a watch over to its warning: its UPG sent with the warning's NEW, the watch expiring then", () => {
    const failures: string[] = [];
    let handOffs = 0;
    for (const alerts of lists) {
      // An episode's watch and warning: one office and phenomenon, the same first onset (the event's start).
      const episodes = new Map<string, { watch: AlertFeature[]; warning: AlertFeature[] }>();
      const byEvent = new Map<string, AlertFeature[]>();
      for (const a of alerts)
        if (MARINE_EVENTS.has(a.properties.event) && / (Watch|Warning)$/.test(a.properties.event))
          byEvent.set(vtecEvent(a), [...(byEvent.get(vtecEvent(a)) ?? []), a]);
      for (const [event, series] of byEvent) {
        const [office, phenomenon, significance] = event.split('.');
        if (!['GL', 'SR', 'HF'].includes(phenomenon!)) continue;
        series.sort((a, b) => Date.parse(a.properties.sent) - Date.parse(b.properties.sent));
        const key = `${office}.${phenomenon}.${series[0]!.properties.onset}`;
        const episode = episodes.get(key) ?? { watch: [], warning: [] };
        episode[significance === 'A' ? 'watch' : 'warning'] = series;
        episodes.set(key, episode);
      }
      for (const [key, { watch: series, warning }] of episodes) {
        // A UPG is the notice that the watch has been replaced, listed beside the warning for 15 minutes (one
        // per group of zones the event names).
        const isUpg = (a: AlertFeature) => a.properties.parameters.VTEC![0]!.startsWith('/O.UPG.');
        const upgrades = series.filter(isUpg);
        const watch = series.filter((a) => !isUpg(a));
        if (!upgrades.length || !warning.length) continue;
        handOffs++;
        const handOff = warning[0]!.properties.sent;
        if (!warning[0]!.properties.parameters.VTEC![0]!.startsWith('/O.NEW.'))
          failures.push(`${key}: warning first listed as ${warning[0]!.properties.parameters.VTEC![0]}`);
        for (const u of upgrades)
          if (u.properties.sent !== handOff) failures.push(`${key}: UPG sent ${u.properties.sent}, warning ${handOff}`);
        const last = watch.at(-1);
        if (last && last.properties.expires !== handOff)
          failures.push(`${key}: watch expires ${last.properties.expires}, UPG sent ${handOff}`);
        // In effect from sent until it expires or ends: the two never both.
        const span = (a: AlertFeature) => [
          Date.parse(a.properties.sent),
          Math.min(Date.parse(a.properties.expires), Date.parse(a.properties.ends)),
        ];
        for (const w of watch)
          for (const x of warning) {
            const [ws, we] = span(w);
            const [xs, xe] = span(x);
            if (ws! < xe! && xs! < we!)
              failures.push(`${key}: watch ${w.properties.sent} overlaps warning ${x.properties.sent}`);
          }
      }
    }
    assert.ok(handOffs > 0, 'no watch upgraded in a year of cycles');
    assert.deepEqual(failures.slice(0, 50), [], `${failures.length} hand-offs`);
  });
});

/** Season of a cycle: DJF, MAM, JJA, SON. */
function seasonOf(cycle: number): 'DJF' | 'MAM' | 'JJA' | 'SON' {
  const month = new Date(cycle * HOUR).getUTCMonth();
  return (['DJF', 'DJF', 'MAM', 'MAM', 'MAM', 'JJA', 'JJA', 'JJA', 'SON', 'SON', 'SON', 'DJF'] as const)[month]!;
}

function regionOf(zone: AlertZone): string {
  if (zone.marine) return 'marine';
  if (zone.state === 'AK') return 'Alaska';
  if (zone.state === 'HI') return 'Hawaii';
  if (zone.state === 'PR' || zone.state === 'VI' || zone.state === 'GU') return 'tropics';
  return zone.lat >= 40 ? 'north' : zone.lat < 34 ? 'south' : 'middle';
}

describe('alerts in the regions and seasons the NWS issues them (issue 38 item 4)', () => {
  /** Zone-cycles under each event, by region and season. */
  const tally = new Map<string, number>();
  const zoneCycles = new Map<string, number>();
  const cycles = cyclesOfYear();
  for (const cycle of cycles)
    for (const zone of zoneById.values()) {
      const key = `${regionOf(zone)} ${seasonOf(cycle)}`;
      zoneCycles.set(key, (zoneCycles.get(key) ?? 0) + 1);
    }
  for (const { alert, cycle } of seen)
    for (const ugc of alert.properties.geocode.UGC) {
      const zone = zoneById.get(ugc);
      if (!zone) continue; // a county: the storm-based warnings, item 5's test
      const key = `${alert.properties.event}|${regionOf(zone)} ${seasonOf(cycle)}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
  /** Share of a region's zones under an event at a typical cycle of a season, %. */
  const share = (event: RegExp, where: string) =>
    (100 *
      [...tally]
        .filter(([k]) => event.test(k.split('|')[0]!) && k.endsWith(`|${where}`))
        .reduce((n, [, v]) => n + v, 0)) /
    (zoneCycles.get(where) ?? 1);

  it('prints the shares', () => {
    const rows = [...new Set([...tally.keys()].map((k) => k.split('|')[0]!))].sort();
    for (const event of rows)
      console.log(
        `# ${event.padEnd(24)} ${[...zoneCycles.keys()]
          .sort()
          .map((w) => `${w} ${share(new RegExp(`^${event}$`), w).toFixed(1)}`)
          .join(' · ')}`,
      );
  });

  it('issues each kind of product where and when the NWS does', () => {
    const conus = ['north', 'middle', 'south'];
    for (const region of [...conus, 'Alaska', 'Hawaii']) {
      // No heat products in winter, no winter storms, cold or frost in a CONUS summer.
      assert.equal(share(/Heat/, `${region} DJF`), 0, `heat in a ${region} winter`);
      if (conus.includes(region)) {
        assert.equal(share(/Winter|Cold/, `${region} JJA`), 0, `winter products in a ${region} summer`);
        assert.ok(share(/Frost|Freeze/, `${region} JJA`) <= 0.5, `frost products in a ${region} summer`);
      }
    }
    // The frost/freeze program is over by winter in the north and in Alaska, and runs in spring and autumn.
    assert.equal(share(/Frost|Freeze/, 'north DJF'), 0);
    assert.equal(share(/Frost|Freeze/, 'Alaska DJF'), 0);
    assert.ok(share(/Frost|Freeze/, 'north MAM') > 0 && share(/Frost|Freeze/, 'north SON') > 0);
    // What each season brings: summer heat in the south, winter storms in the north and Alaska in winter.
    assert.ok(share(/Heat/, 'south JJA') > 0);
    assert.ok(share(/Winter/, 'north DJF') > 1 && share(/Winter/, 'Alaska DJF') > 1);
    // No kind of product is in force over most of a region at a typical hour, Hawaii's trade winds included. The
    // South's winter frost is the one product that nears a fifth: Florida's and the Gulf coast's frost and
    // freeze program runs all winter, and a Frost Advisory runs until the Freeze Warning of a colder night
    // (hazard-windows.ts's strongest; 19.1 % of its zone-cycles when the warning took the advisory whole, 21.0 % now).
    const most = (event: string, key: string) => (event === 'Frost Advisory' && key === 'south DJF' ? 25 : 20);
    for (const key of zoneCycles.keys())
      for (const event of Object.keys(JUSTIFIED).filter((e) => !MARINE_EVENTS.has(e)))
        assert.ok(
          share(new RegExp(`^${event}$`), key) < most(event, key),
          `${event} over ${share(new RegExp(`^${event}$`), key).toFixed(0)}% of ${key}`,
        );
  });

  it('issues marine products at the rates of a coastal office', () => {
    for (const season of ['DJF', 'MAM', 'JJA', 'SON']) {
      const where = `marine ${season}`;
      // Small craft advisories are common but never cover most waters; gales are much rarer than them.
      assert.ok(share(/^Small Craft Advisory$/, where) < 35, `Small Craft Advisories over ${where}`);
      assert.ok(share(/^Gale Warning$/, where) < share(/^Small Craft Advisory$/, where) / 2, `gales over ${where}`);
      assert.ok(share(/^(Storm|Hurricane Force Wind) Warning$/, where) < 2, `storms over ${where}`);
    }
    // The windy half of the year brings advisories and gales to some waters.
    assert.ok(share(/^Small Craft Advisory$/, 'marine DJF') > 3);
    assert.ok(share(/^Gale Warning$/, 'marine DJF') + share(/^Gale Warning$/, 'marine SON') > 0);
  });
});
