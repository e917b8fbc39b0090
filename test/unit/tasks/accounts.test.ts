import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Conflict, InvalidCredentials, Unauthorized, ValidationError } from '../../../domain/tasks/errors.ts';
import { unitWorld, userIn } from '../../support/use-cases.ts';

describe('SignUp', () => {
  test('creates the account with a hashed password and returns a token and the public user', async () => {
    const w = unitWorld();
    const session = await w.signUp.execute({ name: 'Ada', email: ' Ada@Example.com ', password: 'correct horse' });
    assert.deepEqual(session.user, {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Ada',
      email: 'ada@example.com',
    });
    assert.equal(session.token, 'token-for:00000000-0000-4000-8000-000000000001');
    const stored = await w.store.users.findByEmail('ada@example.com');
    assert.equal(stored?.passwordHash, 'plain:correct horse');
    assert.ok(!('passwordHash' in session.user));
  });

  test('the same email in another case is a Conflict', async () => {
    const w = unitWorld();
    await userIn(w, 'ada@example.com');
    await assert.rejects(
      w.signUp.execute({ name: 'Other', email: 'ADA@example.com', password: 'another pw' }),
      Conflict,
    );
  });

  test('the same email with its accent decomposed is a Conflict; the account is stored in NFC', async () => {
    const w = unitWorld();
    const first = await w.signUp.execute({ name: 'José', email: 'jos\u00e9@example.com', password: 'correct horse' });
    assert.equal(first.user.email, 'jos\u00e9@example.com');
    await assert.rejects(
      w.signUp.execute({ name: 'Other', email: 'jose\u0301@example.com', password: 'another pw' }),
      Conflict,
    );
    const decomposedFirst = unitWorld();
    const session = await decomposedFirst.signUp.execute({
      name: 'José',
      email: 'JOSE\u0301@example.com',
      password: 'correct horse',
    });
    assert.equal(session.user.email, 'jos\u00e9@example.com');
  });

  test('an email with a control or format character is a ValidationError naming email', async () => {
    const w = unitWorld();
    await userIn(w, 'ada@example.com');
    for (const email of ['ada\u200b@example.com', 'ada@example.com\u202e', 'ada@example.com\u0007', 'a@b.com\u0000']) {
      const error = await w.signUp.execute({ name: 'A', email, password: 'correct horse' }).catch((e: unknown) => e);
      assert.ok(error instanceof ValidationError, JSON.stringify(email));
      assert.deepEqual(
        error.details.map((d) => d.path),
        ['email'],
      );
    }
  });

  test('an account stored before emails were NFC still blocks a sign-up with its spelling', async () => {
    const w = unitWorld();
    await legacyAccount(w);
    await assert.rejects(
      w.signUp.execute({ name: 'Other', email: 'jose\u0301@example.com', password: 'another pw' }),
      Conflict,
    );
  });

  test('concurrent sign-ups with one email: exactly one wins', async () => {
    const w = unitWorld();
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => w.signUp.execute({ name: 'A', email: 'race@x.io', password: 'password1' })),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    assert.ok(results.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof Conflict));
  });

  test('invalid fields are one ValidationError naming each field', async () => {
    const w = unitWorld();
    const error = await w.signUp.execute({ name: ' ', email: 'nope', password: 'short' }).catch((e: unknown) => e);
    assert.ok(error instanceof ValidationError);
    assert.deepEqual(
      error.details.map((d) => d.path),
      ['name', 'email', 'password'],
    );
  });
});

describe('Login', () => {
  test('right password: a token and the user', async () => {
    const w = unitWorld();
    const id = await userIn(w);
    const session = await w.login.execute({ email: 'ADA@example.com', password: 'correct horse' });
    assert.equal(session.user.id, id);
  });

  test('an email spelled with its accent decomposed finds the account stored in NFC', async () => {
    const w = unitWorld();
    const { user } = await w.signUp.execute({
      name: 'José',
      email: 'jos\u00e9@example.com',
      password: 'correct horse',
    });
    const session = await w.login.execute({ email: 'JOSE\u0301@example.com', password: 'correct horse' });
    assert.equal(session.user.id, user.id);
  });

  test('an account stored before emails were NFC logs in with the spelling it signed up with', async () => {
    const w = unitWorld();
    const id = await legacyAccount(w);
    const session = await w.login.execute({ email: ' Jose\u0301@example.com', password: 'correct horse' });
    assert.equal(session.user.id, id);
  });

  test('unknown email and wrong password fail alike, each after one hash verification', async () => {
    const w = unitWorld();
    await userIn(w);
    const before = w.hasher.verifications;
    const wrong = await w.login.execute({ email: 'ada@example.com', password: 'wrong horse' }).catch((e: unknown) => e);
    const unknown = await w.login
      .execute({ email: 'bob@example.com', password: 'correct horse' })
      .catch((e: unknown) => e);
    assert.ok(wrong instanceof InvalidCredentials && unknown instanceof InvalidCredentials);
    assert.equal(wrong.message, unknown.message);
    assert.equal(w.hasher.verifications - before, 2);
  });
});

/**
 * An account as sign-up stored it before emails were brought to NFC: `jose\u0301@example.com`, its accent
 * decomposed, kept as typed (only trimmed and lower-cased).
 */
async function legacyAccount(w: ReturnType<typeof unitWorld>): Promise<string> {
  const id = '00000000-0000-4000-8000-00000000aaaa';
  const stored = await w.store.users.addIfEmailFree({
    id,
    name: 'José',
    email: 'jose\u0301@example.com',
    passwordHash: await w.hasher.hash('correct horse'),
  });
  assert.ok(stored);
  return id;
}

describe('Authenticate', () => {
  test('a valid token gives its user', async () => {
    const w = unitWorld();
    const id = await userIn(w);
    assert.equal((await w.authenticate.execute(`token-for:${id}`)).id, id);
  });

  test('an invalid token, an expired one and one whose user is gone are Unauthorized', async () => {
    const w = unitWorld();
    const id = await userIn(w);
    w.tokens.expired.add(`token-for:${id}`);
    await assert.rejects(w.authenticate.execute(`token-for:${id}`), Unauthorized);
    await assert.rejects(w.authenticate.execute('garbage'), Unauthorized);
    await assert.rejects(w.authenticate.execute('token-for:00000000-0000-4000-8000-00000000dead'), Unauthorized);
  });
});
