import { InvalidParameter } from '../../../../domain/forecast/errors.ts';

/** Opaque page cursors: base64url of a small JSON position. Anything else is an InvalidParameter. */
export function encodeCursor(position: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Record<string, unknown> {
  if (cursor === undefined) return {};
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new InvalidParameter('Invalid cursor: use the pagination.next link of a previous page.', 'cursor');
}
