import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { compilePathGlob } from '../../../../adapters/forecast/control/path-glob.ts';
import { FaultBook } from '../../../../adapters/forecast/control/fault-book.ts';

/**
 * The glob semantics the docs describe, written as the regex the old code built: the oracle for short
 * inputs, where backtracking costs nothing.
 */
function oracle(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') out += i === glob.length - 1 ? '.*' : '[^/]*';
    else out += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, 's');
}

describe('fault path globs', () => {
  it('keep the documented meaning: * within a segment, ** across, a final * the rest', () => {
    const cases: Array<[string, string, boolean]> = [
      ['/gridpoints/*/*/forecast', '/gridpoints/TOP/32,81/forecast', true],
      ['/gridpoints/*/*/forecast', '/gridpoints/TOP/32,81/forecast/hourly', false],
      ['/gridpoints/*/*/forecast', '/gridpoints/TOP/forecast', false],
      ['/alerts/active*', '/alerts/active', true],
      ['/alerts/active*', '/alerts/active/zone/KSZ040', true],
      ['/alerts/active*', '/alerts', false],
      ['/**/hourly', '/gridpoints/TOP/1,2/forecast/hourly', true],
      ['/**/hourly', '/hourly', false],
      ['/**hourly', '/hourly', true],
      ['/points/*', '/points/39.05,-95.68', true],
      ['/points/*', '/points/39.05,-95.68/stations', true],
      ['/points/*/stations', '/points/a/b/stations', false],
      ['/stations/K.OP', '/stations/KTOP', false],
      ['/a+b', '/a+b', true],
      ['/x', '/x/', false],
    ];
    for (const [glob, path, expected] of cases)
      assert.equal(compilePathGlob(glob).matches(path), expected, `${glob} ~ ${path}`);
  });

  it('agree with the regex semantics on random short globs and paths', () => {
    const glob = fc.stringMatching(/^\/[a/*.]{0,8}$/);
    const path = fc.stringMatching(/^\/[a/.]{0,12}$/);
    fc.assert(
      fc.property(glob, path, (g, p) => {
        assert.equal(compilePathGlob(g).matches(p), oracle(g).test(p), `${g} ~ ${p}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('agree with the regex semantics on globs longer than one 32-position word', () => {
    const piece = fc.stringMatching(/^[ab/]{0,24}$/);
    const star = fc.constantFrom('*', '**');
    const case_ = fc
      .tuple(fc.array(fc.tuple(piece, star), { maxLength: 3 }), piece, fc.array(fc.stringMatching(/^[ab/]{0,3}$/)))
      .map(([parts, last, fillers]) => {
        const glob = `/${parts.map(([text, s]) => text + s).join('')}${last}`;
        // A path built from the glob, with a filler for each star: it often matches, and near misses abound.
        const path = `/${parts.map(([text], i) => text + (fillers[i] ?? '')).join('')}${last}`;
        return { glob, path };
      });
    let matched = 0;
    fc.assert(
      fc.property(case_, fc.boolean(), ({ glob, path }, trim) => {
        const p = trim && path.length > 1 ? path.slice(0, -1) : path;
        const expected = oracle(glob).test(p);
        if (expected) matched++;
        assert.equal(compilePathGlob(glob).matches(p), expected, `${glob} ~ ${p}`);
      }),
      { numRuns: 3000 },
    );
    assert.ok(matched > 300, `only ${matched} of the cases matched`);
  });

  it(
    'match long adversarial paths in linear time (the old regex took minutes at 200 characters)',
    { timeout: 30_000 },
    () => {
      const adversarial: Array<[string, string]> = [
        ['/*a*a*a*a*a*a*a*a*a*a*b', `/${'a'.repeat(200)}`],
        ['/**a**a**a**a**a**a**a**a**b', `/${'a'.repeat(200)}`],
        ['/**/**/**/**/**/**/x', '/a'.repeat(100)],
        [`/${'*a'.repeat(400)}b`, `/${'a'.repeat(8000)}`],
        [`/${'**/'.repeat(300)}z`, '/a'.repeat(4000)],
      ];
      for (const [glob, path] of adversarial) {
        const book = new FaultBook();
        book.reset([{ path: glob, status: 500 }], 'seed');
        const started = performance.now();
        assert.equal(book.take('GET', path), undefined);
        const ms = performance.now() - started;
        assert.ok(ms < 250, `${glob.slice(0, 30)}… against ${path.length} characters took ${ms.toFixed(1)} ms`);
      }
    },
  );
});
