import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import {
  parseProductCode,
  parseProductQuery,
  type ProductQuery,
} from '../../../../domain/forecast/extended-queries.ts';
import { parseOfficeId } from '../../../../domain/forecast/grid-ref.ts';
import {
  documentRule,
  param,
  seg,
  queryDocument,
  segmentDocument,
  isoParam as iso,
  csvParam as csv,
} from '../shared/rules.ts';

// The offices family's routes: an office, its headlines and configuration, and the NWS text products.
// (The products' `latest`, product-routes.ts, is
// served by the family too but not declared here: the HTTP adapter relays it as api.weather.gov's 3.8.1
// path beyond the v1.9 routes, see adapters/http/forecast/relayed-paths.ts.)

const office = (input: Parameters<typeof param>[0]): string => parseOfficeId(param(input, 'office'));
const typeCode = (input: Parameters<typeof param>[0]): string => parseProductCode(param(input, 'typeId'), 'type');
const locationCode = (input: Parameters<typeof param>[0]): string =>
  parseProductCode(param(input, 'locationId'), 'location');

/** /offices/{id}: a forecast office or a region headquarters. */
export const OFFICE = segmentDocument('/offices/:office', 'json-ld', parseOfficeId);

export const OFFICE_HEADLINES = segmentDocument('/offices/:office/headlines', 'json-ld', parseOfficeId);

export const OFFICE_HEADLINE = documentRule(
  '/offices/:office/headlines/:headlineId',
  'json-ld',
  (input) => {
    const headlineId = param(input, 'headlineId');
    if (!/^[A-Za-z0-9-]{1,64}$/.test(headlineId))
      throw new ForecastNotFound(`Headline "${headlineId}" does not exist.`);
    return { office: office(input), headline: headlineId.toLowerCase() };
  },
  ({ office, headline }) => `/offices/${seg(office)}/headlines/${seg(headline)}`,
);

/**
 * /offices/{id}/weatherstories: a path of the OpenAPI 3.8.1 beyond v1.9, declared here so the family
 * answers it (the HTTP adapter relays it no more, see relayed-paths.ts).
 */
export const OFFICE_WEATHER_STORIES = segmentDocument('/offices/:office/weatherstories', 'json-ld', parseOfficeId);

export const OFFICE_CONFIG = segmentDocument('/offices/:office/config', 'json-ld', parseOfficeId);

export const PRODUCTS = queryDocument('/products', 'json-ld', parseProductQuery, (q: ProductQuery) => [
  ['location', csv(q.locations)],
  ['start', iso(q.start)],
  ['end', iso(q.end)],
  ['office', csv(q.offices)],
  ['wmoid', csv(q.wmoIds)],
  ['type', csv(q.types)],
  ['limit', q.limit],
]);

export const PRODUCT = documentRule(
  '/products/:productId',
  'json-ld',
  (input) => {
    const id = param(input, 'productId');
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new ForecastNotFound(`Product "${id}" does not exist.`);
    return id.toLowerCase();
  },
  (id) => `/products/${seg(id)}`,
);

/** /products/types, or /products/locations/{location}/types: the type list (a location must exist). */
export const PRODUCT_TYPES_ROUTES = [
  documentRule<string | undefined>('/products/types', 'json-ld', (): string | undefined => undefined, productTypesPath),
  documentRule<string | undefined>('/products/locations/:locationId/types', 'json-ld', locationCode, productTypesPath),
];

/** /products/locations, or /products/types/{type}/locations. */
export const PRODUCT_LOCATIONS_ROUTES = [
  documentRule<string | undefined>(
    '/products/locations',
    'json-ld',
    (): string | undefined => undefined,
    productLocationsPath,
  ),
  documentRule<string | undefined>('/products/types/:typeId/locations', 'json-ld', typeCode, productLocationsPath),
];

/** /products/types/{type}, or /products/types/{type}/locations/{location}. */
export const PRODUCTS_OF_TYPE_ROUTES = [
  documentRule(
    '/products/types/:typeId',
    'json-ld',
    (input): OfType => ({ type: typeCode(input), location: undefined }),
    productsOfTypePath,
  ),
  documentRule(
    '/products/types/:typeId/locations/:locationId',
    'json-ld',
    (input): OfType => ({ type: typeCode(input), location: locationCode(input) }),
    productsOfTypePath,
  ),
];

function productTypesPath(location: string | undefined): string {
  return location ? `/products/locations/${seg(location)}/types` : '/products/types';
}

function productLocationsPath(type: string | undefined): string {
  return type ? `/products/types/${seg(type)}/locations` : '/products/locations';
}

interface OfType {
  readonly type: string;
  readonly location: string | undefined;
}

function productsOfTypePath({ type, location }: OfType): string {
  return location ? `/products/types/${seg(type)}/locations/${seg(location)}` : `/products/types/${seg(type)}`;
}

export const OFFICE_ROUTES = [
  OFFICE,
  OFFICE_HEADLINES,
  OFFICE_HEADLINE,
  OFFICE_WEATHER_STORIES,
  OFFICE_CONFIG,
  PRODUCTS,
  PRODUCT,
  ...PRODUCT_TYPES_ROUTES,
  ...PRODUCT_LOCATIONS_ROUTES,
  ...PRODUCTS_OF_TYPE_ROUTES,
];
