/**
 * The shape of an alert as the model issues it: a GeoJSON feature of api.weather.gov's /alerts, and the
 * storm track behind a storm-based warning. Apart from alerts.ts and storm-warnings.ts, which both build
 * them, so that neither imports the other for its types.
 */

export interface AlertReference {
  readonly '@id': string;
  readonly identifier: string;
  readonly sender: string;
  readonly sent: string;
}

export interface AlertProperties {
  readonly '@id': string;
  readonly '@type': 'wx:Alert';
  readonly id: string;
  readonly areaDesc: string;
  readonly geocode: { readonly SAME: readonly string[]; readonly UGC: readonly string[] };
  readonly affectedZones: readonly string[];
  readonly references: readonly AlertReference[];
  readonly sent: string;
  readonly effective: string;
  readonly onset: string;
  readonly expires: string;
  readonly ends: string;
  readonly status: 'Actual';
  readonly messageType: 'Alert' | 'Update';
  readonly category: 'Met';
  readonly severity: 'Extreme' | 'Severe' | 'Moderate' | 'Minor';
  readonly certainty: 'Observed' | 'Likely' | 'Possible';
  readonly urgency: 'Immediate' | 'Expected' | 'Future' | 'Past';
  readonly event: string;
  readonly sender: string;
  readonly senderName: string;
  readonly headline: string;
  readonly description: string;
  readonly instruction: string;
  readonly response: 'Shelter' | 'Avoid' | 'Execute' | 'Prepare';
  readonly parameters: Readonly<Record<string, readonly string[]>>;
  readonly scope: 'Public';
  readonly code: 'IPAWSv1.0';
  readonly language: 'en-US';
  readonly web: string;
  readonly eventCode: { readonly SAME: readonly string[]; readonly NationalWeatherService: readonly string[] };
}

export interface AlertPolygon {
  readonly type: 'Polygon';
  readonly coordinates: readonly (readonly (readonly [number, number])[])[];
}

export interface AlertFeature {
  readonly id: string;
  readonly type: 'Feature';
  /**
   * Zone-based products carry no polygon; areaDesc and affectedZones describe the area. Storm-based
   * warnings (storm-warnings.ts) carry the polygon of the storm's path.
   */
  readonly geometry: AlertPolygon | null;
  readonly properties: AlertProperties;
  /** Storm-based warnings only: the storm's track, from which the polygon is drawn (not served). */
  readonly track?: StormTrack;
}

export interface StormTrack {
  /** The storm's position when the warning is sent. */
  readonly lat: number;
  readonly lon: number;
  /** Where the storm comes from, degrees clockwise from north (as eventMotionDescription gives it). */
  readonly fromDeg: number;
  readonly speedKmh: number;
  readonly durationMinutes: number;
  /** Width of the polygon's back edge (at the storm) and front edge (where it will be at the end). */
  readonly backWidthKm: number;
  readonly frontWidthKm: number;
}
