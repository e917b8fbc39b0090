import { normaliseEmail, preNfcEmail } from '../../domain/tasks/rules.ts';
import type { User } from '../../domain/tasks/user.ts';
import type { UserRepository } from './ports.ts';

/**
 * The account of an email as the client typed it. Sign-up stores emails in NFC (normaliseEmail), but
 * versions before that stored them only trimmed and lower-cased, so an account made then with a decomposed
 * accent (`jose\u0301@…`) is stored as typed. When the NFC form finds nothing and the old form differs, the
 * old form is looked up too: such an account still logs in with the spelling it signed up with, and a new
 * sign-up with that spelling is a Conflict rather than a second account beside it. Nothing is rewritten in
 * the stores; only an email that is not already NFC costs the second lookup.
 */
export async function findAccount(users: UserRepository, typed: string): Promise<User | undefined> {
  const email = normaliseEmail(typed);
  const found = await users.findByEmail(email);
  if (found) return found;
  const stored = preNfcEmail(typed);
  return stored === email ? undefined : users.findByEmail(stored);
}
