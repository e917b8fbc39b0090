// The WMO heading's last digit is the office's area's, not its NWS region's: the Southeast's offices send under
// 2 whichever region they are in, and a product keeps its office's digit in every state its zones are in. Each
// case is a recorded product's heading (sources in alert-codes.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { wmoHeading } from '../../../../../adapters/forecast/embedded/weather/alert-codes.ts';

const SENT = Date.parse('2025-08-21T17:54:00Z');

describe('WMO headings of warnings', () => {
  for (const [prefix, office, state, heading] of [
    ['WHUS5', 'MFL', 'FL', 'WHUS52 KMFL'], // NWS Miami's SMW of 2025-08-21
    ['WHUS5', 'KEY', 'FL', 'WHUS52 KKEY'], // NWS Key West's SMW of 2025-04-08
    ['WUUS5', 'JAX', 'GA', 'WUUS52 KJAX'],
    ['WUUS5', 'TAE', 'AL', 'WUUS52 KTAE'], // for Alabama's ALC031
    ['WFUS5', 'MLB', 'FL', 'WFUS52 KMLB'],
    ['WGUS5', 'FFC', 'GA', 'WGUS52 KFFC'],
    ['WUUS5', 'RAH', 'NC', 'WUUS52 KRAH'],
    ['WFUS5', 'CHS', 'SC', 'WFUS52 KCHS'],
    ['WUUS5', 'MOB', 'FL', 'WUUS54 KMOB'], // NWS Mobile's, its zones in Florida too
    ['WUUS5', 'BMX', 'AL', 'WUUS54 KBMX'],
    ['WUUS5', 'HGX', 'TX', 'WUUS54 KHGX'],
    ['WUUS5', 'RLX', 'VA', 'WUUS51 KRLX'],
    ['WUUS5', 'DMX', 'IA', 'WUUS53 KDMX'],
    ['WWUS7', 'STO', 'CA', 'WWUS76 KSTO'],
    ['WWUS7', 'BYZ', 'MT', 'WWUS75 KBYZ'],
    ['WUUS5', 'PSR', 'AZ', 'WUUS55 KPSR'],
  ] as const)
    it(`${office} (${state}): ${heading}`, () => {
      assert.equal(wmoHeading(prefix, office, state, SENT), `${heading} 211754`);
    });
});
