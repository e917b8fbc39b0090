import { Unauthorized } from '../../../domain/tasks/errors.ts';

const BEARER = /^bearer +([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.?[A-Za-z0-9\-_.+/=]*) *$/i;

/** The token of `Authorization: Bearer <token>`; the scheme word is case-insensitive, any other form is a 401. */
export function bearerToken(header: string | null): string {
  if (header === null || header === '') throw new Unauthorized('The Authorization header is missing; send Authorization: Bearer <token>.');
  const match = BEARER.exec(header);
  if (!match?.[1]) throw new Unauthorized('The Authorization header must be of the form Bearer <token>.');
  return match[1];
}
