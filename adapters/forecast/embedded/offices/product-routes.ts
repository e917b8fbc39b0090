import { parseProductCode } from '../../../../domain/forecast/extended-queries.ts';
import { documentRule, param, seg } from '../shared/rules.ts';

/**
 * /products/types/{typeId}/locations/{locationId}/latest (api.weather.gov's OpenAPI 3.8.1, not in the
 * v1.9 copy the coverage test reads): the newest product of that type from that office.
 */
export const LATEST_OF_TYPE = documentRule(
  '/products/types/:typeId/locations/:locationId/latest',
  'json-ld',
  (input) => ({
    type: parseProductCode(param(input, 'typeId'), 'type'),
    location: parseProductCode(param(input, 'locationId'), 'location'),
  }),
  ({ type, location }) => `/products/types/${seg(type)}/locations/${seg(location)}/latest`,
);
