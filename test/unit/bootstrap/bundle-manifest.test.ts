import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs module of the launcher (no types); its functions are exercised here
import { reusableBuild, stampedInputs, writeManifest } from '../../../bootstrap/server/bundle-manifest.mjs';

/** A project with two sources and a settings file, and a built bundle `abc` (all dated an hour ago). */
function project(): { root: string; buildRoot: string; builtAt: number } {
  const root = mkdtempSync(join(tmpdir(), 'taskcast-manifest-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'src', 'b.ts'), 'export const b = 2;\n');
  writeFileSync(join(root, 'tsconfig.json'), '{}\n');
  const buildRoot = join(root, '.build');
  mkdirSync(join(buildRoot, 'abc'), { recursive: true });
  writeFileSync(join(buildRoot, 'abc', 'main.mjs'), '');
  const anHourAgo = new Date(Date.now() - 3_600_000);
  for (const path of ['src/a.ts', 'src/b.ts', 'tsconfig.json', 'src', '.'])
    utimesSync(join(root, path), anHourAgo, anHourAgo);
  return { root, buildRoot, builtAt: Date.now() - 60_000 };
}

describe('npm start: reusing the last bundle (bootstrap/server/bundle-manifest.mjs)', () => {
  let p: ReturnType<typeof project>;
  beforeEach(() => {
    p = project();
  });
  afterEach(() => rmSync(p.root, { recursive: true, force: true }));

  const written = () =>
    writeManifest(p.root, p.buildRoot, 'abc', ['src/a.ts', 'src/b.ts'], ['tsconfig.json'], p.builtAt);

  it('reuses the bundle while nothing it was made from has changed', () => {
    assert.equal(reusableBuild(p.root, p.buildRoot), undefined, 'no manifest yet: build');
    assert.equal(written(), true);
    assert.equal(reusableBuild(p.root, p.buildRoot), join(p.buildRoot, 'abc'));
  });

  it('builds again when a source is edited (content and mtime), even to the same size', () => {
    written();
    writeFileSync(join(p.root, 'src', 'a.ts'), 'export const a = 9;\n');
    assert.equal(reusableBuild(p.root, p.buildRoot), undefined);
  });

  it('builds again when a file appears in or leaves a source folder', () => {
    written();
    writeFileSync(join(p.root, 'src', 'c.ts'), 'export const c = 3;\n');
    assert.equal(reusableBuild(p.root, p.buildRoot), undefined, 'added');
    const again = project();
    try {
      writeManifest(again.root, again.buildRoot, 'abc', ['src/a.ts', 'src/b.ts'], ['tsconfig.json'], again.builtAt);
      rmSync(join(again.root, 'src', 'b.ts'));
      assert.equal(reusableBuild(again.root, again.buildRoot), undefined, 'removed');
    } finally {
      rmSync(again.root, { recursive: true, force: true });
    }
  });

  it("reuses the bundle when a folder or file appears in the project folder itself (the store's data/, .build/)", () => {
    writeManifest(p.root, p.buildRoot, 'abc', ['src/a.ts', 'src/b.ts'], ['tsconfig.json', 'package.json'], p.builtAt);
    mkdirSync(join(p.root, 'data'));
    writeFileSync(join(p.root, 'server.log'), '');
    assert.equal(reusableBuild(p.root, p.buildRoot), join(p.buildRoot, 'abc'));
  });

  it('stamps a bundled package by its package.json, so an install of another version builds again', () => {
    const inputs = [
      'src/a.ts',
      'node_modules/h3/dist/index.mjs',
      'node_modules/h3/dist/utils.mjs',
      'node_modules/@scope/pkg/lib/x.js',
      'node_modules/a/node_modules/b/index.js',
    ];
    assert.deepEqual(stampedInputs(inputs), [
      'src/a.ts',
      'node_modules/h3/package.json',
      'node_modules/@scope/pkg/package.json',
      'node_modules/a/node_modules/b/package.json',
    ]);
    mkdirSync(join(p.root, 'node_modules', 'h3'), { recursive: true });
    const manifest = join(p.root, 'node_modules', 'h3', 'package.json');
    writeFileSync(manifest, '{"version":"2.0.8"}\n');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    for (const path of ['node_modules/h3/package.json', 'node_modules/h3', 'node_modules', '.'])
      utimesSync(join(p.root, path), anHourAgo, anHourAgo);
    assert.equal(
      writeManifest(
        p.root,
        p.buildRoot,
        'abc',
        stampedInputs(['src/a.ts', 'node_modules/h3/dist/index.mjs']),
        ['tsconfig.json'],
        p.builtAt,
      ),
      true,
    );
    assert.equal(reusableBuild(p.root, p.buildRoot), join(p.buildRoot, 'abc'));
    writeFileSync(manifest, '{"version":"2.0.9"}\n'); // same size, new mtime: what `npm ci` of another version does
    assert.equal(reusableBuild(p.root, p.buildRoot), undefined);
  });

  it("stamps a setting that is absent (npm's lock of node_modules under another package manager) and builds again if it appears", () => {
    assert.equal(
      writeManifest(
        p.root,
        p.buildRoot,
        'abc',
        ['src/a.ts'],
        ['tsconfig.json', 'node_modules/.package-lock.json'],
        p.builtAt,
      ),
      true,
    );
    assert.equal(reusableBuild(p.root, p.buildRoot), join(p.buildRoot, 'abc'), 'reused while it stays absent');
    mkdirSync(join(p.root, 'node_modules'));
    writeFileSync(join(p.root, 'node_modules', '.package-lock.json'), '{}\n');
    assert.equal(reusableBuild(p.root, p.buildRoot), undefined);
  });

  it('builds again when a setting changes, or the bundle is gone', () => {
    written();
    writeFileSync(join(p.root, 'tsconfig.json'), '{"compilerOptions":{}}\n');
    assert.equal(reusableBuild(p.root, p.buildRoot), undefined, 'tsconfig.json changed');
    const again = project();
    try {
      writeManifest(again.root, again.buildRoot, 'abc', ['src/a.ts'], [], again.builtAt);
      rmSync(join(again.buildRoot, 'abc'), { recursive: true });
      assert.equal(reusableBuild(again.root, again.buildRoot), undefined, 'bundle removed');
    } finally {
      rmSync(again.root, { recursive: true, force: true });
    }
  });

  it('writes no manifest when a source changed while the build ran', () => {
    writeFileSync(join(p.root, 'src', 'b.ts'), 'export const b = 3;\n'); // mtime now, after builtAt
    assert.equal(written(), false);
    assert.equal(reusableBuild(p.root, p.buildRoot), undefined);
  });

  it('treats an unreadable manifest as none', () => {
    writeFileSync(join(p.buildRoot, 'manifest.json'), '{"digest": 5');
    assert.equal(reusableBuild(p.root, p.buildRoot), undefined);
  });
});
