/**
 * Every product this model issues, by its CAP `event` name: the zone-based hazards (alert-rules.ts), the
 * marine ones (marine-alert-rules.ts) and the storm-based warnings (storm-warnings.ts), whose rules are typed
 * with it, so a rule naming another product does not compile. Written out rather than inferred from the rules, so that the published declarations
 * (a scenario alert's `event`) are a plain union any TypeScript reads; a unit test checks it against what the
 * rules issue, both ways.
 */
export type AlertEvent =
  | 'Extreme Heat Warning'
  | 'Heat Advisory'
  | 'High Wind Warning'
  | 'Wind Advisory'
  | 'Freeze Warning'
  | 'Frost Advisory'
  | 'Winter Storm Warning'
  | 'Winter Weather Advisory'
  | 'Extreme Cold Warning'
  | 'Cold Weather Advisory'
  | 'Flood Watch'
  | 'Dense Fog Advisory'
  | 'Small Craft Advisory'
  | 'Gale Warning'
  | 'Storm Warning'
  | 'Hurricane Force Wind Warning'
  | 'Gale Watch'
  | 'Storm Watch'
  | 'Hurricane Force Wind Watch'
  | 'Heavy Freezing Spray Warning'
  | 'Freezing Spray Advisory'
  | 'Severe Thunderstorm Warning'
  | 'Tornado Warning'
  | 'Flash Flood Warning'
  | 'Special Marine Warning';
