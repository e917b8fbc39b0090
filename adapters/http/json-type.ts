/**
 * The one spelling of `Content-Type` for JSON, on every route of both APIs, successes and errors alike:
 * `application/json`, with no parameter. RFC 8259 defines no `charset` for it (JSON between systems is
 * UTF-8, always), and the other JSON types the server sends are bare too: `application/geo+json`,
 * `application/ld+json`, `application/problem+json`. h3's own default, `application/json;charset=UTF-8`,
 * never reaches a client: every route that answers JSON sets this instead.
 */
export const JSON_TYPE = 'application/json';
