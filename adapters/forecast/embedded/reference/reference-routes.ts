import type { AssetMedia } from '../../../../application/forecast/ports.ts';
import { isSafePath, notFoundAt } from '../../../../application/forecast/read-resource.ts';
import { parseSatelliteArea } from '../../../../domain/forecast/extended-queries.ts';
import { assetRule, fixedDocument, param } from '../shared/rules.ts';

// The reference family's routes: documents that explain the API's vocabulary or picture it.

const ICON_MEDIA: AssetMedia = {
  accept: 'image/png,image/*;q=0.9,*/*;q=0.1',
  matches: (t) => t.startsWith('image/'),
  what: 'an icon',
};
const THUMBNAIL_MEDIA: AssetMedia = {
  accept: 'image/jpeg,image/*;q=0.9',
  matches: (t) => t.startsWith('image/'),
  what: 'a satellite thumbnail',
};

/** /glossary: the NWS terms the documents use. */
export const GLOSSARY = fixedDocument('/glossary', 'json-ld');

/** /icons: the icon condition codes and what they mean. */
export const ICON_INDEX = fixedDocument('/icons', 'json-ld');

/** /thumbnails/satellite/{area}: a JPEG of the cloud cover over one area. */
export const SATELLITE_THUMBNAIL = assetRule(
  '/thumbnails/satellite/:area',
  THUMBNAIL_MEDIA,
  (input) => parseSatelliteArea(param(input, 'area')),
  (area) => `/thumbnails/satellite/${area}`,
);

/**
 * /icons/{set}/{timeOfDay}/{first}[/{second}]: a forecast icon, addressed by its whole path and query as
 * the periods' `icon` links give it, so only a path safe to relay as it stands is taken.
 */
export const ICON = assetRule(
  '/icons/**',
  ICON_MEDIA,
  ({ pathAndQuery }) => {
    if (!isSafePath(pathAndQuery) || !pathAndQuery.startsWith('/icons/')) throw notFoundAt(pathAndQuery);
    return pathAndQuery;
  },
  (pathAndQuery) => pathAndQuery,
);

export const REFERENCE_ROUTES = [GLOSSARY, ICON_INDEX, SATELLITE_THUMBNAIL, ICON];
