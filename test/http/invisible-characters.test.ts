import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TOKENS } from '../../bootstrap/composition/tokens.ts';
import { httpWorld, worldWithTask } from '../support/http.ts';
import type { Reply } from '../support/reply.ts';

// Text that looks like other text, or like nothing: emails that read alike must be one account, and a
// name or a title must show at least one character (docs/task-api.md, "Invisible characters").

const password = 'correct horse';

/** A 400 ValidationError whose details name exactly these fields. */
function assertRefused(reply: Reply, paths: string[]): void {
  assert.equal(reply.status, 400, reply.text);
  assert.equal(reply.body.error, 'ValidationError');
  assert.deepEqual(reply.body.details.map((d: { path: string }) => d.path).sort(), [...paths].sort());
}

describe('emails that look the same are one account', () => {
  test('an accent composed or decomposed: the second sign-up is a 409, and either spelling logs in', async () => {
    const w = await httpWorld();
    const first = await w.call('POST', '/api/auth/signup', {
      body: { name: 'José', email: 'jos\u00e9@example.com', password },
    });
    assert.equal(first.status, 201, first.text);
    assert.equal(first.body.user.email, 'jos\u00e9@example.com');
    const second = await w.call('POST', '/api/auth/signup', {
      body: { name: 'Other', email: 'jose\u0301@example.com', password },
    });
    assert.equal(second.status, 409, second.text);
    for (const email of ['jose\u0301@example.com', 'JOSE\u0301@example.com', 'jos\u00e9@example.com']) {
      const login = await w.call('POST', '/api/auth/login', { body: { email, password } });
      assert.equal(login.status, 200, `${JSON.stringify(email)}: ${login.text}`);
      assert.equal(login.body.user.id, first.body.user.id);
    }
  });

  for (const email of [
    'ada\u200b@example.com',
    'ada@example.com\u202e',
    'ada@example.com\u0007',
    'a@b.com\u0000',
    'ad\u00ada@example.com',
  ]) {
    test(`sign-up with ${JSON.stringify(email)} is a 400 naming email, beside ada@example.com`, async () => {
      const w = await httpWorld();
      await w.call('POST', '/api/auth/signup', { body: { name: 'Ada', email: 'ada@example.com', password } });
      assertRefused(await w.call('POST', '/api/auth/signup', { body: { name: 'A', email, password } }), ['email']);
    });
  }

  test('an account stored before emails were NFC logs in with its spelling, and blocks a sign-up with it', async () => {
    const w = await httpWorld();
    const probeId = (
      await w.call('POST', '/api/auth/signup', { body: { name: 'Probe', email: 'probe@example.com', password } })
    ).body.user.id as string;
    // Stored as the old sign-up stored it, with the password hash of an account made the normal way.
    const store = w.container.get(TOKENS.TaskStore);
    const probe = await store.users.findById(probeId);
    const id = '00000000-0000-4000-8000-00000000aaaa';
    await store.users.addIfEmailFree({ ...probe!, id, name: 'José', email: 'jose\u0301@example.com' });
    const login = await w.call('POST', '/api/auth/login', { body: { email: 'Jose\u0301@example.com', password } });
    assert.equal(login.status, 200, login.text);
    assert.equal(login.body.user.id, id);
    const signUp = await w.call('POST', '/api/auth/signup', {
      body: { name: 'Other', email: 'jose\u0301@example.com', password },
    });
    assert.equal(signUp.status, 409, signUp.text);
  });
});

describe('a name or a title needs a character that shows', () => {
  const invisible = ['\u200b', '\u0000', '\u202e', '\u200b\u200c\u200d\ufeff', '\u00ad'];

  for (const name of invisible) {
    test(`sign-up with the name ${JSON.stringify(name)} is a 400 naming name`, async () => {
      const w = await httpWorld();
      assertRefused(await w.call('POST', '/api/auth/signup', { body: { name, email: 'a@x.io', password } }), ['name']);
    });
  }

  for (const title of [...invisible, 'a\u0000b']) {
    test(`the title ${JSON.stringify(title)} is a 400 naming title on POST and on PATCH`, async () => {
      const { w, token, task } = await worldWithTask();
      assertRefused(await w.call('POST', '/api/tasks', { token, body: { title } }), ['title']);
      assertRefused(await w.call('PATCH', `/api/tasks/${task.id}`, { token, body: { title } }), ['title']);
      const kept = await w.call('GET', `/api/tasks/${task.id}`, { token });
      assert.equal(kept.body.task.title, 't');
    });
  }

  test('a name with NUL inside is a 400; visible text with an invisible character beside it is kept', async () => {
    const w = await httpWorld();
    assertRefused(
      await w.call('POST', '/api/auth/signup', { body: { name: 'Ada\u0000', email: 'a@x.io', password } }),
      ['name'],
    );
    const ok = await w.call('POST', '/api/auth/signup', { body: { name: 'Ada\u200d', email: 'a@x.io', password } });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.user.name, 'Ada\u200d');
  });

  test('a description with NUL is a 400 in every store; tabs and line breaks are kept as given', async () => {
    const { w, token, task } = await worldWithTask();
    const description = 'line one\n\tline two\r\n';
    assertRefused(await w.call('POST', '/api/tasks', { token, body: { title: 'T', description: 'a\u0000' } }), [
      'description',
    ]);
    assertRefused(await w.call('PATCH', `/api/tasks/${task.id}`, { token, body: { description: '\u0000' } }), [
      'description',
    ]);
    const created = await w.createTask(token, { title: 'Tab\there', description });
    assert.equal(created.title, 'Tab\there');
    assert.equal(created.description, description);
  });
});
