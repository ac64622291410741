import { describe, expect, it, vi } from 'vitest';
import type { ShellAbilities } from '../../../../main/core/app/shell-abilities.ts';
import type { EnginePort, FromEngine, ToEngine } from '../../../../main/core/app/engine-protocol.ts';
import { serveEngine } from '../../../../main/core/app/engine-server.ts';
import { connectEngine, type MainProcessAbilities } from '../../../../main/core/app/remote-engine.ts';
import { sentenceFor } from '../../../../main/core/errors/catalogue.ts';
import { isNotariumError, NotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { resolveApiKey } from '../../../../main/core/secrets/api-key.ts';
import type { SecretStore } from '../../../../main/core/secrets/secret-store.ts';
import type { Profile } from '../../../../main/core/store/profiles.ts';
import { MemorySecretStore } from '../../../support/memory-secret-store.ts';
import { fakeService } from '../../electron/fake-service.ts';

// The main process and the engine process, wired back to back through a channel that delivers
// structured clones asynchronously, as Electron's utility-process port does.

function channel() {
  const toEngine: ((m: ToEngine) => void)[] = [];
  const toMain: ((m: FromEngine) => void)[] = [];
  const exits: ((code: number | null) => void)[] = [];
  const deliver = <T>(listeners: ((m: T) => void)[], message: T) => setImmediate(() => listeners.forEach((l) => l(structuredClone(message))));
  const engineSide: EnginePort<ToEngine, FromEngine> = { post: (m) => deliver(toMain, m), onMessage: (l) => void toEngine.push(l) };
  const mainSide: EnginePort<FromEngine, ToEngine> = {
    post: (m) => deliver(toEngine, m),
    onMessage: (l) => void toMain.push(l),
    onExit: (l) => void exits.push(l),
  };
  return { engineSide, mainSide, exit: (code: number) => exits.forEach((l) => l(code)) };
}

function wire(main: Partial<MainProcessAbilities> = {}) {
  const { engineSide, mainSide, exit } = channel();
  const service = fakeService();
  let given: { abilities: ShellAbilities; keychain: SecretStore } | undefined;
  const parts = { startBackground: vi.fn(), close: vi.fn(async () => {}) };
  serveEngine(engineSide, { shell: 'electron', resolveFile: () => '/x' }, (abilities, keychain) => {
    given = { abilities, keychain };
    return { service, ...parts };
  });
  const abilities = {
    openExternal: vi.fn(async () => {}),
    openExplorerPage: vi.fn(async () => {}),
    showInFolder: vi.fn(),
    printPdf: vi.fn(async () => new Uint8Array([37, 80, 68, 70])),
    chooseFolder: vi.fn(async () => '/home/ann/Contracts'),
    keychain: new MemorySecretStore(),
    ...main,
  };
  const engine = connectEngine(mainSide, abilities);
  return { engine, service, abilities, parts, exit, engineAbilities: () => given!.abilities, engineKeychain: () => given!.keychain };
}

describe('the engine over its channel', () => {
  it("answers calls with the service's results, validated on the engine side too", async () => {
    const { engine, service } = wire();
    service.api.pendingCount.mockResolvedValueOnce(7);
    expect(await engine.service.api.pendingCount()).toBe(7);
    await engine.service.api.getRecord(3);
    expect(service.api.getRecord).toHaveBeenCalledWith(3);
    await expect(engine.service.api.getRecord('3' as unknown as number)).rejects.toMatchObject({ code: 'BAD_CALL', message: expect.stringMatching(/refused/) });
  });

  it('a failure crosses as its code and sentence only', async () => {
    const { engine, service } = wire();
    service.api.getRecord.mockRejectedValueOnce(Object.assign(new NotariumError('NOT_IN_LIBRARY', 'The library has no such registration.'), { secret: 'x' }));
    const err = (await engine.service.api.getRecord(1).catch((e: unknown) => e)) as Error & { code: string };
    expect({ code: err.code, message: err.message }).toEqual({ code: 'NOT_IN_LIBRARY', message: 'The library has no such registration.' });
    expect(Object.keys(err)).toEqual(['code']);
  });

  it("delivers the service's events to every subscriber until it unsubscribes", async () => {
    const { engine, service } = wire();
    const seen: unknown[] = [];
    const stop = engine.service.subscribe((event, payload) => seen.push([event, payload]));
    service.emit('pending-count', 2);
    await vi.waitFor(() => expect(seen).toEqual([['pending-count', 2]]));
    stop();
    // A subscriber still listening sees the next event; the one that left does not.
    const still: unknown[] = [];
    engine.service.subscribe((event, payload) => still.push([event, payload]));
    service.emit('pending-count', 3);
    await vi.waitFor(() => expect(still).toEqual([['pending-count', 3]]));
    expect(seen).toHaveLength(1);
  });

  it('a subscriber that throws stops neither the others nor the channel', async () => {
    const { engine, service } = wire();
    const seen: unknown[] = [];
    engine.service.subscribe(() => {
      throw new Error('the window is gone');
    });
    engine.service.subscribe((event, payload) => seen.push([event, payload]));
    service.emit('pending-count', 2);
    service.emit('pending-count', 3);
    await vi.waitFor(() =>
      expect(seen).toEqual([
        ['pending-count', 2],
        ['pending-count', 3],
      ]),
    );
    service.api.pendingCount.mockResolvedValueOnce(4);
    expect(await engine.service.api.pendingCount()).toBe(4);
  });

  it('the engine asks the main process for what only it can do, and gets answers or failures', async () => {
    const { engineAbilities, abilities } = wire({
      openExternal: vi.fn(async () => Promise.reject(new NotariumError('URL_REFUSED', 'Notarium opens only the sign-in page.'))),
    });
    await vi.waitFor(() => expect(engineAbilities()).toBeDefined());
    const engine = engineAbilities();
    expect(await engine.chooseFolder!()).toBe('/home/ann/Contracts');
    expect(Array.from(await engine.printPdf('<html>'))).toEqual([37, 80, 68, 70]);
    expect(abilities.printPdf).toHaveBeenCalledWith('<html>');
    await expect(engine.openExternal!('file:///etc/passwd')).rejects.toMatchObject({ code: 'URL_REFUSED', message: 'Notarium opens only the sign-in page.' });
    engine.showInFolder('/home/ann/a.pdf');
    await vi.waitFor(() => expect(abilities.showInFolder).toHaveBeenCalledWith('/home/ann/a.pdf'));
    // What the engine process has itself stays local.
    expect(engine.resolveFile({ kind: 'path', path: '/y' })).toBe('/x');
  });

  it('the main process answers only the abilities the engine may ask for', async () => {
    const { engineSide, mainSide } = channel();
    const answers: FromEngine[] = [];
    const abilities = {
      openExternal: vi.fn(async () => {}),
      openExplorerPage: vi.fn(async () => {}),
      showInFolder: vi.fn(),
      printPdf: vi.fn(async () => new Uint8Array()),
      chooseFolder: vi.fn(async () => null),
      keychain: new MemorySecretStore(),
    };
    connectEngine(mainSide, abilities);
    engineSide.onMessage((m) => void answers.push(m as never));
    engineSide.post({ type: 'call', id: 1, method: 'constructor', args: [] });
    engineSide.post({ type: 'call', id: 2, method: 'chooseFolder', args: [] });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(answers).toContainEqual({ type: 'answer', id: 1, ok: false, error: { code: 'BAD_CALL', message: 'There is no ability named "constructor".' } });
    expect(answers).toContainEqual({ type: 'answer', id: 2, ok: true, value: null });
  });

  it("the engine's keychain is the main process's: every read, write and removal is made there", async () => {
    const mainKeychain = new MemorySecretStore();
    const { engineKeychain } = wire({ keychain: mainKeychain });
    await vi.waitFor(() => expect(engineKeychain()).toBeDefined());
    const keychain = engineKeychain();
    expect(await keychain.get('library:l1:profile:Work:api-key')).toBeNull();
    await keychain.set('library:l1:profile:Work:api-key', 'key-1');
    expect(mainKeychain.entries).toEqual(new Map([['library:l1:profile:Work:api-key', 'key-1']]));
    expect(await keychain.get('library:l1:profile:Work:api-key')).toBe('key-1');
    expect(await keychain.delete('library:l1:profile:Work:api-key')).toBe(true);
    expect(await keychain.delete('library:l1:profile:Work:api-key')).toBe(false);
    expect(mainKeychain.entries.size).toBe(0);
  });

  it("a keychain failure reaches the engine as the NotariumError it was, so the engine's sentences still tell it apart", async () => {
    const unavailable = new NotariumError(
      'KEYCHAIN_UNAVAILABLE',
      'The system keychain is not available, so the API key of profile "Work" cannot be read: unlock it.',
      {
        cause: new Error('Platform secure storage failure'),
      },
    );
    const { engineKeychain } = wire({ keychain: { get: async () => Promise.reject(unavailable), set: async () => {}, delete: async () => false } });
    await vi.waitFor(() => expect(engineKeychain()).toBeDefined());
    const err = await engineKeychain()
      .get('library:l1:profile:Work:api-key')
      .catch((e: unknown) => e);
    expect(isNotariumError(err, 'KEYCHAIN_UNAVAILABLE')).toBe(true);
    expect((err as Error).message).toBe(unavailable.message);
    // What the engine then says: the keychain's sentence, and the way around it.
    const profile = { name: 'Work', baseUrl: 'https://records.example', apiKeyUrl: 'https://records.example' } as Profile;
    await expect(resolveApiKey(profile, 'https://records.example', { store: engineKeychain(), env: {} })).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
      message: expect.stringMatching(/not available.*NOTARIUM_API_KEY/),
    });
  });

  it('the main process makes a keychain call only with an account and, to store, a secret, and never repeats them', async () => {
    const { engineSide, mainSide } = channel();
    const answers: FromEngine[] = [];
    const keychain = new MemorySecretStore();
    connectEngine(mainSide, {
      openExternal: async () => {},
      openExplorerPage: async () => {},
      showInFolder: () => {},
      printPdf: async () => new Uint8Array(),
      chooseFolder: async () => null,
      keychain,
    });
    engineSide.onMessage((m) => void answers.push(m as never));
    engineSide.post({ type: 'call', id: 1, method: 'keychainSet', args: ['library:l1:profile:Work:api-key'] });
    engineSide.post({ type: 'call', id: 2, method: 'keychainSet', args: ['library:l1:profile:Work:api-key', { secret: 'hunter2' }] });
    engineSide.post({ type: 'call', id: 3, method: 'keychainGet', args: ['', 'hunter2'] });
    engineSide.post({ type: 'call', id: 4, method: 'keychainDelete', args: [] });
    await vi.waitFor(() => expect(answers).toHaveLength(4));
    for (const answer of answers) expect(answer).toMatchObject({ type: 'answer', ok: false, error: { code: 'BAD_CALL' } });
    expect(JSON.stringify(answers)).not.toContain('hunter2');
    expect(keychain.entries.size).toBe(0);
  });

  it('starts the background work on request, and closes the service then the engine', async () => {
    const { engine, service, parts } = wire();
    engine.startBackground();
    await vi.waitFor(() => expect(parts.startBackground).toHaveBeenCalledOnce());
    await engine.close();
    expect(service.close).toHaveBeenCalledOnce();
    expect(parts.close).toHaveBeenCalledOnce();
  });

  it('an engine that cannot open says why, and every call carries that sentence', async () => {
    const { engineSide, mainSide } = channel();
    serveEngine(engineSide, { shell: 'electron', resolveFile: () => '/x' }, () => {
      throw new NotariumError('STORE_ERROR', 'The library was written by a newer version of Notarium: update Notarium to open it.');
    });
    const engine = connectEngine(mainSide, {
      openExternal: async () => {},
      openExplorerPage: async () => {},
      showInFolder: () => {},
      printPdf: async () => new Uint8Array(),
      chooseFolder: async () => null,
      keychain: new MemorySecretStore(),
    });
    await expect(engine.service.api.appInfo()).rejects.toMatchObject({ code: 'STORE_ERROR', message: expect.stringMatching(/newer version of Notarium/) });
    await engine.close();
  });

  it('closes the app service before the engine, and a call the closing service refuses reaches the page with its code', async () => {
    const { engine, parts, service } = wire();
    let finish: () => void = () => {};
    parts.close.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    const closing = engine.close();
    await vi.waitFor(() => expect(parts.close).toHaveBeenCalled());
    expect(service.close.mock.invocationCallOrder[0]).toBeLessThan(parts.close.mock.invocationCallOrder[0]!);
    service.api.pendingCount.mockRejectedValueOnce(new NotariumError('CLOSING'));
    await expect(engine.service.api.pendingCount()).rejects.toMatchObject({ code: 'CLOSING', message: sentenceFor('CLOSING') });
    finish();
    await closing;
  });

  it('if the engine process dies, waiting and later calls fail with a sentence instead of hanging', async () => {
    const { engine, service, exit } = wire();
    service.api.pendingCount.mockImplementationOnce(() => new Promise(() => {}));
    const waiting = engine.service.api.pendingCount();
    await vi.waitFor(() => expect(service.api.pendingCount).toHaveBeenCalled()); // the call is in the engine
    exit(1);
    await expect(waiting).rejects.toMatchObject({ code: 'INTERNAL', message: expect.stringMatching(/engine stopped unexpectedly/) });
    await expect(engine.service.api.appInfo()).rejects.toMatchObject({ code: 'INTERNAL' });
    await engine.close(); // settles at once: there is nothing left to close
  });
});
