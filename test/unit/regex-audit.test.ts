import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkSync } from 'recheck';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'data'
        ? []
        : tsFiles(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** Every regular expression literal in the code that serves requests, with where it is. */
function regexLiterals(): Array<{ where: string; source: string; flags: string }> {
  const found: Array<{ where: string; source: string; flags: string }> = [];
  for (const file of ['domain', 'application', 'adapters', 'bootstrap'].flatMap((d) => tsFiles(join(root, d)))) {
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(sf);
        const cut = literal.lastIndexOf('/');
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        found.push({
          where: `${relative(root, file)}:${line}`,
          source: literal.slice(1, cut),
          flags: literal.slice(cut + 1),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

/**
 * ReDoS audit with recheck, which decides by automata theory (and fuzzing) whether a pattern can backtrack
 * super-linearly. One vulnerable pattern that sees a header, a path or a query is a denial of service from a
 * single request, as the old Bearer pattern was.
 */
test('no regular expression in the serving code can backtrack super-linearly (recheck)', { timeout: 120_000 }, () => {
  const literals = regexLiterals();
  assert.ok(literals.length > 20, `found ${literals.length} literals`);
  const unsafe: string[] = [];
  for (const { where, source, flags } of literals) {
    const result = checkSync(source, flags.replace(/[gy]/g, ''), { timeout: 10_000 });
    if (result.status !== 'safe')
      unsafe.push(
        `${where} /${source}/${flags}: ${result.status}${result.status === 'vulnerable' ? ` (${result.complexity.type})` : ''}`,
      );
  }
  assert.deepEqual(unsafe, []);
});

test('the audit itself catches the pattern that once let one header burn half a second', () => {
  const old = '^bearer +([A-Za-z0-9\\-_=]+\\.[A-Za-z0-9\\-_=]+\\.?[A-Za-z0-9\\-_.+/=]*) *$';
  assert.equal(checkSync(old, 'i').status, 'vulnerable');
});
