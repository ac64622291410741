import type { Identity } from '../../core/auth/token-verifier.ts';
import { EXIT } from '../exit-codes.ts';
import { help } from '../help.ts';
import { command } from '../invoked-as.ts';
import type { CliIo } from '../io.ts';
import { numberOption, parseCommand } from '../options.ts';
import { openWithDefaultApp } from '../open-with-default-app.ts';
import { withNotary } from '../session.ts';

export const LOGIN_HELP = `Usage: notarium login [--no-browser] [--timeout SECONDS] [--profile P] [--json]

Signs in to the profile's identity portal in your browser; Notarium receives the answer on
127.0.0.1. The refresh token is kept in the system keychain, the access token only in memory.
Already signed in, it says as whom and signs in again (as another user, say): the sign-in there
stays until the new one is complete, so one cancelled or given up leaves it as it was.

  --no-browser   print the sign-in URL (on a line of its own on stdout) instead of opening it;
                 NOTARIUM_NO_BROWSER=1 does the same
  --timeout S    give up after S seconds (default 300)`;

export const WHOAMI_HELP = `Usage: notarium whoami [--profile P] [--json]

Shows who is signed in to the profile, and the claims the portal grants.
Exit code 3 when signed out.`;

export const LOGOUT_HELP = `Usage: notarium logout [--profile P]

Signs out: removes the refresh token from the keychain.`;

export const ACCOUNT_OPTIONS = { profile: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;
export const LOGIN_OPTIONS = { ...ACCOUNT_OPTIONS, 'no-browser': { type: 'boolean' }, timeout: { type: 'string' } } as const;

function describe(identity: Identity): string {
  const who = identity.name ?? identity.email ?? identity.subject;
  return `${who} (subject ${identity.subject}${identity.groups.length ? `, groups: ${identity.groups.join(', ')}` : ''})`;
}

export async function loginCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v } = parseCommand('login', argv, LOGIN_OPTIONS);
  if (v.help) return help(io, LOGIN_HELP);
  const timeout = numberOption('timeout', v.timeout, 10, 3600) ?? 300;
  // The reason the URL is printed, when no browser is to be tried (the same variable as `notarium app`'s).
  const noBrowser = v['no-browser']
    ? 'Open this URL in a browser to sign in:'
    : io.env.NOTARIUM_NO_BROWSER
      ? 'NOTARIUM_NO_BROWSER is set, so no browser is opened: open this URL in a browser to sign in:'
      : null;
  return withNotary(io, async (notary) => {
    const signIn = await notary.signIn(v.profile);
    // Signed in already: said, then signed in again, as `gh auth login` does (no flag to ask for it):
    // the new sign-in replaces the one there only once complete. One that cannot be checked is not in the way.
    const before = await signIn.restore().catch(() => undefined);
    if (before?.status === 'signed-in') {
      const profile = v.profile ?? (await notary.library.profiles.currentName());
      io.err(
        `Signed in to the profile "${profile}" as ${describe(before.identity)} already: signing in again; that sign-in stays until the new one is complete.`,
      );
    }
    const identity = await signIn.signIn({
      timeoutMs: timeout * 1000,
      open: async (url) => {
        if (noBrowser === null && (await openWithDefaultApp(url))) {
          io.err('Your browser is open at the sign-in page; finish signing in there.');
          return;
        }
        io.err(noBrowser ?? 'No browser could be opened; open this URL to sign in:');
        io.out(url);
      },
    });
    io.out(v.json ? JSON.stringify({ signedIn: true, identity }) : `Signed in as ${describe(identity)}.`);
    return EXIT.OK;
  });
}

export async function whoamiCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v } = parseCommand('whoami', argv, ACCOUNT_OPTIONS);
  if (v.help) return help(io, WHOAMI_HELP);
  return withNotary(io, async (notary) => {
    const signIn = await notary.signIn(v.profile);
    const state = await signIn.restore();
    if (state.status === 'signed-out') {
      io.out(
        v.json ? JSON.stringify({ signedIn: false, message: state.message ?? null }) : (state.message ?? `Not signed in: run "${command(io.env, 'login')}".`),
      );
      return EXIT.PENDING;
    }
    const claims = await signIn.grantedClaims();
    io.out(
      v.json
        ? JSON.stringify({ signedIn: true, identity: state.identity, grantedClaims: claims }, null, 2)
        : `${describe(state.identity)}\nGranted claims: ${claims.join(', ') || 'none'}`,
    );
    return EXIT.OK;
  });
}

export async function logoutCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v } = parseCommand('logout', argv, ACCOUNT_OPTIONS);
  if (v.help) return help(io, LOGOUT_HELP);
  return withNotary(io, async (notary) => {
    await (await notary.signIn(v.profile)).signOut();
    io.out(v.json ? JSON.stringify({ signedIn: false }) : 'Signed out.');
    return EXIT.OK;
  });
}
