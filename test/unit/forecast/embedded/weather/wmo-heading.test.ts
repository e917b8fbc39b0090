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
    ['WGUS6', 'IWX', 'OH', 'WGUS63 KIWX'], // NWS Northern Indiana's FFA, its Ohio zones too (pyIEM FFA.txt)
    ['WWUS7', 'STO', 'CA', 'WWUS76 KSTO'],
    ['WWUS7', 'BYZ', 'MT', 'WWUS75 KBYZ'],
    ['WUUS5', 'PSR', 'AZ', 'WUUS55 KPSR'],
    ['WWUS8', 'RIW', 'WY', 'WWUS85 KRIW'], // NWS Riverton's SPS
    // Off the mainland, the office's own WMO area, not US (sources in alert-codes.ts, AREA_BY_OFFICE)
    ['WHUS7', 'SJU', 'PR', 'WHCA72 TJSJ'], // MWW
    ['WGUS8', 'SJU', 'PR', 'WGCA82 TJSJ'], // FLS
    ['WFUS5', 'SJU', 'PR', 'WFCA52 TJSJ'], // EWW, NWS Instruction 10-601
    ['WGUS5', 'GUM', 'GU', 'WGMY50 PGUM'], // FFW for Guam's GUC100
    ['WHUS4', 'GUM', 'MP', 'WHMY40 PGUM'], // CFW for the Marianas
    ['WHUS4', 'HFO', 'HI', 'WHHW40 PHFO'], // CFW, recorded
    ['WFUS5', 'HFO', 'HI', 'WFHW50 PHFO'], // EWW, NWS Instruction 10-601
    ['WTUS8', 'HFO', 'HI', 'WTHW80 PHFO'], // HLS, likewise
    ['WHUS7', 'AJK', 'AK', 'WHAK77 PAJK'], // MWW
    ['FXUS6', 'AFG', 'AK', 'FXAK69 PAFG'], // Fairbanks' AFD
  ] as const)
    it(`${office} (${state}): ${heading}`, () => {
      assert.equal(wmoHeading(prefix, office, state, SENT), `${heading} 211754`);
    });
});
