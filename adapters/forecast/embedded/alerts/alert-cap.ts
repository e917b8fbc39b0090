import type { AlertFeature } from '../weather/index.ts';

// An alert as CAP 1.2 XML (application/cap+xml), the other media type the OpenAPI declares for
// /alerts/{id}: the same message as the GeoJSON one, element for element (OASIS CAP 1.2 order).

const esc = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
const el = (name: string, value: string, indent: string) => `${indent}<${name}>${esc(value)}</${name}>`;

export function alertCapXml(alert: AlertFeature): string {
  const p = alert.properties;
  const pairs = (tag: string, entries: Array<[string, string]>, indent: string) =>
    entries.map(
      ([k, v]) =>
        `${indent}<${tag}>\n${el('valueName', k, `${indent}  `)}\n${el('value', v, `${indent}  `)}\n${indent}</${tag}>`,
    );
  const polygon = alert.geometry?.coordinates[0]?.map(([lon, lat]) => `${lat},${lon}`).join(' ');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">',
    el('identifier', p.id, '  '),
    el('sender', p.sender, '  '),
    el('sent', p.sent, '  '),
    el('status', p.status, '  '),
    el('msgType', p.messageType, '  '),
    el('scope', p.scope, '  '),
    el('code', p.code, '  '),
    ...(p.references.length > 0
      ? [el('references', p.references.map((r) => `${r.sender},${r.identifier},${r.sent}`).join(' '), '  ')]
      : []),
    '  <info>',
    el('language', p.language, '    '),
    el('category', p.category, '    '),
    el('event', p.event, '    '),
    el('responseType', p.response, '    '),
    el('urgency', p.urgency, '    '),
    el('severity', p.severity, '    '),
    el('certainty', p.certainty, '    '),
    ...pairs(
      'eventCode',
      [
        ...p.eventCode.SAME.map((v): [string, string] => ['SAME', v]),
        ...p.eventCode.NationalWeatherService.map((v): [string, string] => ['NationalWeatherService', v]),
      ],
      '    ',
    ),
    el('effective', p.effective, '    '),
    el('onset', p.onset, '    '),
    el('expires', p.expires, '    '),
    el('senderName', p.senderName, '    '),
    el('headline', p.headline, '    '),
    el('description', p.description, '    '),
    el('instruction', p.instruction, '    '),
    el('web', p.web, '    '),
    ...pairs(
      'parameter',
      Object.entries(p.parameters).flatMap(([k, vs]) => vs.map((v): [string, string] => [k, v])),
      '    ',
    ),
    '    <area>',
    el('areaDesc', p.areaDesc, '      '),
    ...(polygon ? [el('polygon', polygon, '      ')] : []),
    ...pairs(
      'geocode',
      [
        ...p.geocode.SAME.map((v): [string, string] => ['SAME', v]),
        ...p.geocode.UGC.map((v): [string, string] => ['UGC', v]),
      ],
      '      ',
    ),
    '    </area>',
    '  </info>',
    '</alert>',
    '',
  ];
  return lines.join('\n');
}
