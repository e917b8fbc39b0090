import type { ForecastAsset, ForecastProvider } from '../../../application/forecast/ports.ts';
import { ForecastNotFound } from '../../../domain/forecast/errors.ts';
import { CATALOGUE_EDITION } from './document-times.ts';

// The periods' `icon` links follow api.weather.gov's layout, /icons/land/{day|night}/{code[,pop]}[/{code[,pop]}].
// The NWS's PNG artwork is not shipped; each icon is drawn here as a small SVG: a day or night tile per
// segment, the condition's name and the chance of precipitation, so that every icon link resolves.

const ICON = /^\/icons\/land\/(day|night)\/([a-z_]+(?:,\d{1,3})?(?:\/[a-z_]+(?:,\d{1,3})?)?)(?:\?size=(small|medium|large))?$/;

const LABELS: Record<string, string> = {
  skc: 'Clear', few: 'A Few Clouds', sct: 'Partly Cloudy', bkn: 'Mostly Cloudy', ovc: 'Overcast',
  wind_skc: 'Windy', wind_few: 'Windy', wind_sct: 'Windy', wind_bkn: 'Windy', wind_ovc: 'Windy',
  rain: 'Rain', rain_showers: 'Showers', rain_showers_hi: 'Showers', tsra: 'Storms', tsra_sct: 'Storms',
  tsra_hi: 'Storms', snow: 'Snow', rain_snow: 'Rain/Snow', sleet: 'Sleet', fzra: 'Freezing Rain',
  rain_fzra: 'Rain/Ice', snow_fzra: 'Snow/Ice', fog: 'Fog', haze: 'Haze', smoke: 'Smoke', dust: 'Dust',
  hot: 'Hot', cold: 'Cold', blizzard: 'Blizzard',
};

const SIZES = { small: 43, medium: 86, large: 134 } as const;

export function iconResources(): Pick<ForecastProvider, 'icon'> {
  const cache = new Map<string, ForecastAsset>();
  return {
    async icon(pathAndQuery) {
      const m = ICON.exec(pathAndQuery);
      if (!m || !m[2]!.split('/').every((s) => LABELS[s.split(',')[0]!])) throw new ForecastNotFound(`No icon matches ${pathAndQuery}.`);
      let asset = cache.get(pathAndQuery);
      if (!asset) {
        const svg = drawIcon(m[1] === 'day', m[2]!.split('/'), SIZES[(m[3] ?? 'medium') as keyof typeof SIZES]);
        asset = { contentType: 'image/svg+xml', bytes: new TextEncoder().encode(svg), lastModified: CATALOGUE_EDITION, maxAgeSeconds: 86_400 };
        if (cache.size < 2000) cache.set(pathAndQuery, asset);
      }
      return asset;
    },
  };
}

function drawIcon(day: boolean, segments: readonly string[], size: number): string {
  const width = size / segments.length;
  const tiles = segments.map((segment, i) => {
    const [code = '', pop] = segment.split(',');
    const x = i * width;
    const label = escapeXml(LABELS[code] ?? code);
    const chance = pop ? `<text x="${x + width / 2}" y="${size * 0.9}" font-size="${size / 7}" text-anchor="middle" fill="#fff">${pop}%</text>` : '';
    return `<rect x="${x}" width="${width}" height="${size}" fill="${day ? '#4a90d9' : '#1d2a4d'}"/>` +
      `<text x="${x + width / 2}" y="${size / 2}" font-size="${size / 8}" text-anchor="middle" fill="#fff">${label}</text>${chance}`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" font-family="sans-serif">${tiles.join('')}</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}
