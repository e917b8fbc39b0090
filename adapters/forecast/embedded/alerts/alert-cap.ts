import type { AlertFeature, AlertProperties } from '../weather/index.ts';

// An alert as CAP 1.2 XML (application/cap+xml), the other media type the OpenAPI declares for
// /alerts/{id}: the same message as the GeoJSON one, element for element (OASIS CAP 1.2 order).

const esc = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
const el = (name: string, value: string, indent: string) => `${indent}<${name}>${esc(value)}</${name}>`;

type TextProperty = {
  [K in keyof AlertProperties]: AlertProperties[K] extends string ? K : never;
}[keyof AlertProperties];

/** Each value under the one name, as the valueName/value pairs of CAP's eventCode, parameter and geocode. */
const named = (name: string, values: readonly string[]) => values.map((v): [string, string] => [name, v]);

export function alertCapXml(alert: AlertFeature): string {
  const p = alert.properties;
  // Elements whose text is a property: by its name, or [element, property] where CAP names it otherwise.
  const texts = (indent: string, ...keys: Array<TextProperty | [string, TextProperty]>) =>
    keys.map((k) => (typeof k === 'string' ? el(k, p[k], indent) : el(k[0], p[k[1]], indent)));
  const pairs = (tag: string, entries: Array<[string, string]>, indent: string) =>
    entries.map(
      ([k, v]) =>
        `${indent}<${tag}>\n${el('valueName', k, `${indent}  `)}\n${el('value', v, `${indent}  `)}\n${indent}</${tag}>`,
    );
  const polygon = alert.geometry?.coordinates[0]?.map(([lon, lat]) => `${lat},${lon}`).join(' ');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">',
    ...texts('  ', ['identifier', 'id'], 'sender', 'sent', 'status', ['msgType', 'messageType'], 'scope', 'code'),
    ...(p.references.length > 0
      ? [el('references', p.references.map((r) => `${r.sender},${r.identifier},${r.sent}`).join(' '), '  ')]
      : []),
    '  <info>',
    ...texts('    ', 'language', 'category', 'event', ['responseType', 'response'], 'urgency', 'severity', 'certainty'),
    ...pairs(
      'eventCode',
      [...named('SAME', p.eventCode.SAME), ...named('NationalWeatherService', p.eventCode.NationalWeatherService)],
      '    ',
    ),
    ...texts('    ', 'effective', 'onset', 'expires', 'senderName', 'headline', 'description', 'instruction', 'web'),
    ...pairs(
      'parameter',
      Object.entries(p.parameters).flatMap(([k, vs]) => named(k, vs)),
      '    ',
    ),
    '    <area>',
    el('areaDesc', p.areaDesc, '      '),
    ...(polygon ? [el('polygon', polygon, '      ')] : []),
    ...pairs('geocode', [...named('SAME', p.geocode.SAME), ...named('UGC', p.geocode.UGC)], '      '),
    '    </area>',
    '  </info>',
    '</alert>',
    '',
  ];
  return lines.join('\n');
}
