import { describe, expect, it } from 'vitest';
import { sandboxOptionsFrom } from '../../../main/cli/commands/sandbox.ts';
import { knownName, nearestName, spellingsOf } from '../../../main/cli/names.ts';
import { parseCommand, subcommandOf } from '../../../main/cli/options.ts';

/** Names on the command line: either spelling is the same name, and a slip gets the nearest one. */

describe('either spelling', () => {
  it('reads -ize, -yze, license and honor as the names are written (-ise, -yse, licence, honour)', () => {
    expect(knownName('notarize', ['notarise', 'status'])).toBe('notarise');
    expect(knownName('finalize', ['add', 'finalise', 'which'])).toBe('finalise');
    expect(knownName('authorise-url', ['authorize-url'])).toBe('authorize-url');
    expect(knownName('license', ['licence'])).toBe('licence');
    expect(knownName('honor', ['honour', 'ignore'])).toBe('honour');
    expect(knownName('notarise', ['notarise'])).toBe('notarise');
    expect(knownName('notarisation', ['notarise'])).toBeUndefined();
  });

  it('in options and their values: --authorise-url is --authorize-url, --idempotency honor is honour', () => {
    const { values } = parseCommand('profile add', ['--authorise-url=https://id.example/authorize'], { 'authorize-url': { type: 'string' } });
    expect(values['authorize-url']).toBe('https://id.example/authorize');
    expect(sandboxOptionsFrom(['--idempotency', 'honor']).options.idempotency).toBe('honour');
    expect(subcommandOf('version', 'finalize', { add: {}, finalise: {}, which: {} })).toBe('finalise');
  });
});

describe('spellingsOf', () => {
  it('gives a name as written and in its other spelling, each of which reads back as the name', () => {
    expect(spellingsOf('notarise')).toEqual(['notarise', 'notarize']);
    expect(spellingsOf('authorize-url')).toEqual(['authorize-url', 'authorise-url']);
    expect(spellingsOf('licence')).toEqual(['licence', 'license']);
    expect(spellingsOf('status')).toEqual(['status']);
    for (const name of ['notarise', 'finalise', 'authorize-url', 'licence', 'honour'])
      for (const spelling of spellingsOf(name)) expect(knownName(spelling, [name, 'status'])).toBe(name);
  });
});

describe('did you mean', () => {
  it('names the nearest name for a slip of a letter or two, a swap, or an unambiguous start', () => {
    expect(nearestName('notarsie', ['notarise', 'status', 'verify'])).toBe('notarise');
    expect(nearestName('verfy', ['verify', 'versions', 'version'])).toBe('verify');
    expect(nearestName('wiat', ['wait', 'json', 'profile'])).toBe('wait');
    expect(nearestName('rece', ['receipt', 'status'])).toBe('receipt');
  });

  it('names none when nothing is near', () => {
    expect(nearestName('frobnicate', ['notarise', 'status', 'verify'])).toBeUndefined();
    expect(nearestName('x', ['json', 'help'])).toBeUndefined();
  });

  it('says it in the house style for an unknown option, never parseArgs text', () => {
    expect(() => parseCommand('notarise', ['--wiat'], { wait: { type: 'boolean' }, json: { type: 'boolean' } })).toThrow(
      'Unknown option "--wiat". Did you mean "--wait"? Run "notarium notarise --help" for the options.',
    );
    expect(() => subcommandOf('receipt', 'verfy', { export: {}, verify: {}, import: {} })).toThrow(
      'Unknown subcommand "verfy". Did you mean "verify"? It takes export, verify, import: run "notarium receipt --help".',
    );
  });
});
