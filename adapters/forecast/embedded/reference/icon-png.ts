import type { PNG as PngImage } from 'pngjs';
import { loadOnFirstUse } from '../../../shared/load-on-first-use.ts';
import type { ForecastAsset } from '../../../../application/forecast/ports.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { ICON } from './reference-routes.ts';
import { ForecastNotFound, InvalidParameter } from '../../../../domain/forecast/errors.ts';
import { singleParam } from '../../../../domain/forecast/queries.ts';
import { CATALOGUE_EDITION } from '../shared/document-times.ts';
import { ICON_CONDITIONS } from './icon-conditions.ts';
import { Raster } from './raster.ts';

const pngjs = loadOnFirstUse<{ PNG: typeof PngImage }>('pngjs');

// The periods' `icon` links follow api.weather.gov's layout, /icons/{set}/{day|night}/{code[,pop]}[/{code[,pop]}],
// and answer image/png as its OpenAPI declares. The NWS artwork is not shipped: each icon is drawn here, a
// day or night sky per segment with the sun or moon, clouds by cover, and rain, snow, ice or lightning.
// The chance of precipitation is shown as a bar along the bottom of its segment (no font is shipped).

const PATH = /^\/icons\/(land|marine)\/(day|night)\/([a-z_]+(?:,\d{1,3})?(?:\/[a-z_]+(?:,\d{1,3})?)?)$/;
const SIZES: Readonly<Record<string, number>> = { small: 43, medium: 86, large: 134 };

type Rgb = readonly [number, number, number];
const DAY_SKY: Rgb = [74, 144, 217];
const NIGHT_SKY: Rgb = [29, 42, 77];
const SUN: Rgb = [255, 209, 64];
const MOON: Rgb = [225, 228, 235];
const CLOUD: Rgb = [236, 239, 244];
const DARK_CLOUD: Rgb = [150, 156, 168];
const RAIN: Rgb = [120, 190, 255];
const SNOW: Rgb = [255, 255, 255];
const BOLT: Rgb = [255, 230, 0];

/** `size` (small, medium, large or 10 to 500 pixels) as the OpenAPI declares it; `fontsize` is accepted and unused. */
export function iconSize(query: URLSearchParams): number {
  // One value each: a repeated one is a 400, as a repeated `limit` is elsewhere.
  const size = singleParam({ size: query.getAll('size') }, 'size') ?? null;
  const fontsize = singleParam({ fontsize: query.getAll('fontsize') }, 'fontsize') ?? null;
  if (fontsize !== null && !(/^\d+$/.test(fontsize) && Number(fontsize) >= 2 && Number(fontsize) <= 24)) {
    throw new InvalidParameter(`Invalid fontsize "${fontsize}": expected an integer from 2 to 24.`, 'fontsize');
  }
  if (size === null) return SIZES['medium']!;
  if (Object.hasOwn(SIZES, size)) return SIZES[size]!;
  if (/^\d+$/.test(size) && Number(size) >= 10 && Number(size) <= 500) return Number(size);
  throw new InvalidParameter(
    `Invalid size "${size}": expected small, medium, large or an integer from 10 to 500.`,
    'size',
  );
}

export function iconResources(): FamilyRoutes {
  const cache = new Map<string, ForecastAsset>();
  return {
    routes: [
      serve(ICON, async (pathAndQuery) => {
        const [path = '', search = ''] = pathAndQuery.split('?');
        const m = PATH.exec(path);
        if (!m || !m[3]!.split('/').every((s) => Object.hasOwn(ICON_CONDITIONS, s.split(',')[0]!)))
          throw new ForecastNotFound(`No icon matches ${path}.`);
        const size = iconSize(new URLSearchParams(search));
        const key = `${path}|${size}`;
        let asset = cache.get(key);
        if (!asset) {
          const png = drawIcon(m[2] === 'day', m[3]!.split('/'), size);
          asset = { contentType: 'image/png', bytes: png, lastModified: CATALOGUE_EDITION, maxAgeSeconds: 86_400 };
          if (cache.size < 2000) cache.set(key, asset);
        }
        return asset;
      }),
    ],
  };
}

function drawIcon(day: boolean, segments: readonly string[], size: number): Uint8Array {
  const r = new Raster(size, size);
  const width = size / segments.length;
  segments.forEach((segment, i) => {
    const [code = '', pop] = segment.split(',');
    drawSegment(r, i * width, width, size, day, code, pop === undefined ? undefined : Number(pop));
  });
  const { PNG } = pngjs();
  const png = new PNG({ width: size, height: size });
  png.data = Buffer.from(r.data);
  return new Uint8Array(PNG.sync.write(png));
}

function cloudCover(code: string): number {
  const base = code.replace(/^wind_/, '');
  return (
    ({ skc: 0, few: 0.2, sct: 0.45, bkn: 0.75, ovc: 1 } as Record<string, number>)[base] ??
    (/hi$|sct$/.test(code) ? 0.5 : 0.9)
  );
}

function drawSegment(
  r: Raster,
  x0: number,
  w: number,
  h: number,
  day: boolean,
  code: string,
  pop: number | undefined,
): void {
  r.fillRect(x0, 0, w, h, day ? DAY_SKY : NIGHT_SKY);
  const cover = cloudCover(code);
  const cx = x0 + w / 2;
  if (cover < 0.9) r.fillEllipse(cx - w * 0.12, h * 0.32, w * 0.2, w * 0.2, day ? SUN : MOON);
  if (cover > 0) {
    const grey = /tsra|ovc|rain|snow|sleet|fzra|blizzard/.test(code) ? DARK_CLOUD : CLOUD;
    const n = Math.max(1, Math.round(cover * 3));
    for (let k = 0; k < n; k++)
      r.fillEllipse(x0 + w * (0.3 + 0.2 * k), h * (0.42 - 0.05 * (k % 2)), w * 0.2, h * 0.12, grey);
  }
  const low = h * 0.62;
  if (/rain|showers|tsra|fzra/.test(code))
    for (let k = 0; k < 4; k++)
      r.line(x0 + w * (0.25 + 0.15 * k), low, x0 + w * (0.2 + 0.15 * k), low + h * 0.15, Math.max(1, w / 30), RAIN);
  if (/snow|blizzard/.test(code))
    for (let k = 0; k < 4; k++)
      r.fillEllipse(x0 + w * (0.25 + 0.15 * k), low + h * 0.08 * (k % 2), w / 22, w / 22, SNOW);
  if (/sleet|fzra/.test(code))
    for (let k = 0; k < 3; k++) r.fillRect(x0 + w * (0.3 + 0.18 * k), low + h * 0.12, w / 20, w / 20, SNOW);
  if (/tsra|tornado/.test(code)) {
    r.line(cx, h * 0.5, cx - w * 0.08, h * 0.66, Math.max(1, w / 20), BOLT);
    r.line(cx - w * 0.08, h * 0.66, cx + w * 0.04, h * 0.66, Math.max(1, w / 20), BOLT);
    r.line(cx + w * 0.04, h * 0.66, cx - w * 0.04, h * 0.82, Math.max(1, w / 20), BOLT);
  }
  if (/fog|haze|smoke|dust/.test(code))
    for (let k = 0; k < 3; k++) r.fillRect(x0 + w * 0.15, h * (0.55 + 0.1 * k), w * 0.7, h * 0.04, CLOUD, 0.7);
  if (pop !== undefined) r.fillRect(x0, h * 0.92, (w * Math.min(100, pop)) / 100, h * 0.08, RAIN);
}
