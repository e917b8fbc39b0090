import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { H3Event } from 'h3';
import { correlationIdOf, newCorrelationId } from '../../../adapters/http/correlation-id.ts';

/** A UUID of version 4 and the RFC 9562 variant, lower case, as api.weather.gov's correlation ids are. */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const anEvent = (): H3Event => ({ context: {} }) as unknown as H3Event;

describe('correlation ids', () => {
  it('gives UUID-shaped ids (version 4, RFC 9562 variant), none repeated', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) {
      const id = newCorrelationId(anEvent());
      assert.match(id, UUID_V4);
      seen.add(id);
    }
    assert.equal(seen.size, 100_000);
  });

  it('remembers the id on its request, and none on a request that got none', () => {
    const event = anEvent();
    const id = newCorrelationId(event);
    assert.equal(correlationIdOf(event), id);
    assert.equal(correlationIdOf(anEvent()), undefined);
  });
});
