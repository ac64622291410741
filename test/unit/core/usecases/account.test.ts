import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignInState } from '../../../../main/core/auth/sign-in.ts';
import { accountView } from '../../../../main/core/app/views.ts';
import { Library } from '../../../../main/core/store/library.ts';
import { accountOf } from '../../../../main/core/usecases/account.ts';
import type { NotaryContext } from '../../../../main/core/usecases/context.ts';

// Who is signed in to a profile: a kept sign-in restored only where there is an identity service to ask.

const IDENTITY = { subject: 'u-1', name: 'Ada', groups: ['notaries'], issuedAt: 1, expiresAt: 2 };
const SIGNED_IN: SignInState = { status: 'signed-in', identity: IDENTITY };

let dir: string;
let library: Library;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-account-'));
  library = Library.open(dir, () => 1_700_000_000_000);
  await library.profiles.save({ name: 'Records', baseUrl: 'https://records.example' });
});
afterEach(() => {
  library.close();
  rmSync(dir, { recursive: true, force: true });
});

const context = (auth: boolean): NotaryContext =>
  ({ library, connections: { forProfile: async () => ({ auth: auth ? {} : undefined }) } }) as unknown as NotaryContext;

function signIn(state: SignInState, restored: () => Promise<SignInState>, claims: () => Promise<string[]> = async () => ['read']) {
  return { state, restore: vi.fn(restored), grantedClaims: vi.fn(claims) };
}

describe('accountOf', () => {
  it('is the current profile’s when none is named, and restores a kept sign-in where there is an identity service', async () => {
    const session = signIn({ status: 'signed-out' }, async () => SIGNED_IN);
    const names: string[] = [];
    const account = await accountOf(context(true), async (p) => (names.push(p), session));
    expect(names).toEqual([await library.profiles.currentName()]);
    expect(account).toEqual({ profile: await library.profiles.currentName(), available: true, state: SIGNED_IN, claims: ['read'] });
  });

  it('asks nothing of a profile without an identity service', async () => {
    const session = signIn({ status: 'signed-out' }, async () => SIGNED_IN);
    expect(await accountOf(context(false), async () => session, 'Records')).toEqual({
      profile: 'Records',
      available: false,
      state: { status: 'signed-out' },
      claims: [],
    });
    expect(session.restore).not.toHaveBeenCalled();
    expect(session.grantedClaims).not.toHaveBeenCalled();
  });

  it('does not restore a sign-in already in memory', async () => {
    const session = signIn(SIGNED_IN, async () => ({ status: 'signed-out' }));
    expect((await accountOf(context(true), async () => session, 'Records')).state).toEqual(SIGNED_IN);
    expect(session.restore).not.toHaveBeenCalled();
  });

  it('keeps the state as it was when the sign-in cannot be restored, and has no claims when they cannot be read', async () => {
    const out = signIn({ status: 'signed-out', message: 'Sign in again.' }, () => Promise.reject(new Error('portal down')));
    expect((await accountOf(context(true), async () => out, 'Records')).state).toEqual({ status: 'signed-out', message: 'Sign in again.' });
    const noClaims = signIn(
      SIGNED_IN,
      async () => SIGNED_IN,
      () => Promise.reject(new Error('portal down')),
    );
    expect((await accountOf(context(true), async () => noClaims, 'Records')).claims).toEqual([]);
  });
});

describe('accountView', () => {
  it('shows the person signed in without the token’s times of issue, and a signed-out message only when there is one', () => {
    expect(accountView({ profile: 'Records', available: true, state: SIGNED_IN, claims: ['read'] })).toEqual({
      profile: 'Records',
      status: 'signed-in',
      available: true,
      identity: { subject: 'u-1', name: 'Ada', groups: ['notaries'], expiresAt: 2 },
      claims: ['read'],
    });
    expect(accountView({ profile: 'Records', available: false, state: { status: 'signed-out' }, claims: [] })).toEqual({
      profile: 'Records',
      status: 'signed-out',
      available: false,
    });
  });
});
