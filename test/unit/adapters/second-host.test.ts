import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasSecondHost } from '../../../adapters/http/parsable-host.ts';

test('a second Host line is found whatever the case of its name, and one line is not two', () => {
  assert.equal(hasSecondHost(['Host', 'a.example', 'User-Agent', 'x']), false);
  assert.equal(hasSecondHost([]), false);
  assert.equal(hasSecondHost(['Host', 'a.example', 'Accept', '*/*', 'host', 'b.example']), true);
  assert.equal(hasSecondHost(['HOST', 'a.example', 'hOsT', 'a.example']), true);
  // Other four-letter names are not Host lines.
  assert.equal(hasSecondHost(['Host', 'a.example', 'From', 'me@example.com', 'Date', 'x']), false);
  assert.equal(hasSecondHost(['X-Host', 'a', 'Host', 'b', 'Hosts', 'c']), false);
});
