import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { clipEcho, MAX_ECHO_CHARS } from '../../../adapters/http/clip-echo.ts';

describe('clipEcho: error text that quotes the request, bounded', () => {
  it('keeps short text as it is, and cuts long text in the middle to at most the bound', () => {
    assert.equal(clipEcho('Invalid zone "X".'), 'Invalid zone "X".');
    const long = `Invalid zone "${'x'.repeat(10_000)}": expected a zone id.`;
    const clipped = clipEcho(long);
    assert.ok(clipped.length <= MAX_ECHO_CHARS);
    assert.match(clipped, /^Invalid zone "x+…x+": expected a zone id\.$/);
  });

  it('never splits a surrogate pair: well-formed text stays well-formed, its start and end kept', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 0, maxLength: 400 }),
        fc.integer({ min: 3, max: 80 }),
        (text, max) => {
          const clipped = clipEcho(text, max);
          assert.ok(clipped.length <= max, `${clipped.length} > ${max}`);
          assert.ok(clipped.isWellFormed());
          if (text.length <= max) return assert.equal(clipped, text);
          // The cut is at one of the ellipses (the text may hold some of its own): start and end are the text's.
          const cuts = [...clipped.matchAll(/…/g)].map((m) => m.index);
          assert.ok(cuts.some((k) => text.startsWith(clipped.slice(0, k)) && text.endsWith(clipped.slice(k + 1))));
        },
      ),
    );
  });
});
