import type jpegJs from 'jpeg-js';
import { loadOnFirstUse } from '../../../shared/load-on-first-use.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { SATELLITE_THUMBNAIL } from './reference-routes.ts';
import type { SatelliteArea } from '../../../../domain/forecast/extended-queries.ts';
import { issuance } from '../shared/document-times.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { Lru } from '../shared/lru.ts';
import { Raster } from './raster.ts';
import { weatherAt } from '../weather/index.ts';

const jpeg = loadOnFirstUse<typeof jpegJs>('jpeg-js');

// /thumbnails/satellite/{area}: a visible-satellite-like JPEG of the model's cloud cover over the real map
// (land is where an NWS office's county warning area lies, from the catalogue's CWA outlines; the rest is
// water). Plate carrée over each area's box. The area letters' boxes are this project's reading of them.

interface AreaBox {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
}

export const SATELLITE_BOXES: Readonly<Record<SatelliteArea, AreaBox>> = {
  a: { west: -170, south: 51, east: -130, north: 72 }, // Alaska
  e: { west: -100, south: 24, east: -66, north: 50 }, // eastern CONUS
  g: { west: -126, south: 22, east: -65, north: 51 }, // the whole CONUS
  h: { west: -161, south: 18, east: -154, north: 23 }, // Hawaii
  p: { west: -68.5, south: 17.5, east: -64.5, north: 19 }, // Puerto Rico
  s: { west: -100, south: 22, east: -78, north: 36 }, // the South and the Gulf
  w: { west: -126, south: 30, east: -100, north: 50 }, // western CONUS
};

const WIDTH = 320;
const HEIGHT = 200;
/** Cloud cover is sampled every CLOUD_STEP pixels and spread over the block. */
const CLOUD_STEP = 4;
const LAND: readonly [number, number, number] = [92, 110, 70];
const WATER: readonly [number, number, number] = [22, 38, 70];
const CLOUD: readonly [number, number, number] = [245, 245, 245];

export function satelliteResources(deps: EmbeddedDeps): FamilyRoutes {
  const landMasks = new Map<SatelliteArea, Uint8Array>();
  const images = new Lru<string, Uint8Array>(16);

  function landMask(area: SatelliteArea): Uint8Array {
    let mask = landMasks.get(area);
    if (!mask) {
      const box = SATELLITE_BOXES[area];
      mask = new Uint8Array(WIDTH * HEIGHT);
      for (let y = 0; y < HEIGHT; y++) {
        for (let x = 0; x < WIDTH; x++) {
          const { lat, lon } = at(box, x, y);
          mask[y * WIDTH + x] = deps.catalogue.countyZoneAt(lat, lon) ? 1 : 0;
        }
      }
      landMasks.set(area, mask);
    }
    return mask;
  }

  return {
    routes: [
      serve(SATELLITE_THUMBNAIL, async (area) => {
        const { hour, maxAgeSeconds } = issuance(deps.clock);
        const bytes = images.getOrSet(`${area}|${hour}`, () => {
          const box = SATELLITE_BOXES[area];
          const mask = landMask(area);
          const r = new Raster(WIDTH, HEIGHT);
          for (let y = 0; y < HEIGHT; y++)
            for (let x = 0; x < WIDTH; x++) r.blend(x, y, mask[y * WIDTH + x] ? LAND : WATER);
          for (let y = 0; y < HEIGHT; y += CLOUD_STEP) {
            for (let x = 0; x < WIDTH; x += CLOUD_STEP) {
              const { lat, lon } = at(box, x + CLOUD_STEP / 2, y + CLOUD_STEP / 2);
              const cover = weatherAt({ lat, lon, elevationM: 200 }, hour).skyCoverPct / 100;
              if (cover > 0.05) r.fillRect(x, y, CLOUD_STEP, CLOUD_STEP, CLOUD, Math.min(0.95, cover * cover));
            }
          }
          return new Uint8Array(jpeg().encode({ data: Buffer.from(r.data), width: WIDTH, height: HEIGHT }, 80).data);
        });
        return { contentType: 'image/jpeg', bytes, lastModified: new Date(hour * 3_600_000), maxAgeSeconds };
      }),
    ],
  };
}

function at(box: AreaBox, x: number, y: number): { lat: number; lon: number } {
  return {
    lon: box.west + ((box.east - box.west) * (x + 0.5)) / WIDTH,
    lat: box.north - ((box.north - box.south) * (y + 0.5)) / HEIGHT,
  };
}
