// A cell of a US office's grid on Canada's or Mexico's land (Windsor on DTX's, Montreal on BTV's, Tijuana on
// SGX's, Juárez on EPZ's) lies in no county, and was taken as water: /gridpoints answered its forecast with
// 404 "Marine Forecast Not Supported" and its weather was the water's. It is land (grid-cell.ts isMarineOnly),
// with a forecast, while the Canadian halves of the lakes and the open ocean beyond the zones stay water.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cellProfiles } from '../../../../adapters/forecast/embedded/grid/cell-profile.ts';
import { cellOfGrid } from '../../../../adapters/forecast/embedded/grid/grid-cell.ts';
import { ctx, deps } from './support.ts';
import { gridFamily } from './grid-support.ts';

/** Cells on foreign land, each named by a city it lies in or beside. */
const LAND = {
  Windsor: { office: 'DTX', x: 67, y: 33 },
  'London, Ontario': { office: 'DTX', x: 124, y: 69 },
  Montreal: { office: 'BTV', x: 69, y: 102 },
  Fredericton: { office: 'CAR', x: 124, y: 142 },
  Tijuana: { office: 'SGX', x: 61, y: 4 },
  'Ciudad Juárez': { office: 'EPZ', x: 101, y: 53 },
  'Nuevo Laredo': { office: 'BRO', x: 0, y: 76 },
  Yukon: { office: 'AER', x: 305, y: 294 },
} as const;

/** Cells on water no US zone holds: the lakes' Canadian halves, the Gulf of Alaska and the ocean off Saipan. */
const WATER = {
  "Lake Erie's Canadian half": { office: 'CLE', x: 96, y: 110 },
  'Georgian Bay': { office: 'DTX', x: 128, y: 174 },
  "Lake Superior's Canadian half": { office: 'MQT', x: 179, y: 132 },
  'Strait of Georgia': { office: 'SEW', x: 104, y: 151 },
  'Gulf of Alaska': { office: 'ALU', x: 918, y: 59 },
  'the Pacific off Saipan': { office: 'GUM', x: 181, y: 127 },
} as const;

const grid = gridFamily(deps());
const profileOf = cellProfiles(deps());

describe('cells beyond the US', () => {
  it("serves Canada's and Mexico's land as land: a forecast and the land's weather", async () => {
    for (const [where, ref] of Object.entries(LAND)) {
      const doc = await grid.forecast(ref, { hourly: false, units: 'us' }, ctx);
      assert.ok(((doc.body as any).properties.periods as unknown[]).length > 0, where);
      const profile = profileOf(cellOfGrid(deps(), ref));
      assert.equal(profile.overWater, undefined, where);
      assert.equal(profile.sea, undefined, where);
    }
  });

  it('keeps water no US zone holds as water', async () => {
    for (const [where, ref] of Object.entries(WATER)) {
      await assert.rejects(
        grid.forecast(ref, { hourly: false, units: 'us' }, ctx),
        (e: any) => e.title === 'Marine Forecast Not Supported',
        where,
      );
      assert.equal(profileOf(cellOfGrid(deps(), ref)).overWater, true, where);
    }
  });
});
