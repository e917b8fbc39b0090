import assert from 'node:assert/strict';
import { test } from 'node:test';
import { docBlock, promisedOutput, runOnSources } from './support/doc-blocks.ts';

test("the docs' library example runs as written and prints what the docs say", () => {
  const out = runOnSources(docBlock('library-example'), 'readme-example');
  assert.match(out, /ada@example\.com \[ 'Write the README' \]/);
  assert.match(out, /private, as it should be/);
});

test("the README's short library example runs and prints what it says", () => {
  const block = docBlock('readme-library-example');
  assert.deepEqual(runOnSources(block, 'readme-library-example').trim().split('\n'), promisedOutput(block));
});
