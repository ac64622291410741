import { describe, expect, it } from 'vitest';
import { Connections } from '../../../main/core/connections.ts';
import { EmbeddedSandbox } from '../../../main/core/sandbox-host/embedded-sandbox.ts';
import { setApiKey } from '../../../main/core/secrets/api-key.ts';
import { Library } from '../../../main/core/store/library.ts';
import { MemorySecretStore } from '../../support/memory-secret-store.ts';

describe('environment overrides', () => {
  it('apply to the current profile only: other profiles keep their own service and key', async () => {
    const library = Library.open(':memory:');
    await library.profiles.save({ name: 'Other', baseUrl: 'https://other.example' });
    const secrets = new MemorySecretStore();
    await setApiKey(library.profiles, secrets, 'Other', 'other-key');
    const env = { NOTARIUM_BASE_URL: 'http://127.0.0.1:9', NOTARIUM_API_KEY: 'override-key' };
    const connections = new Connections({ profiles: library.profiles, sandbox: new EmbeddedSandbox('/nonexistent'), secrets, env });
    expect((await connections.forProfile('Sandbox')).baseUrl).toBe('http://127.0.0.1:9');
    const other = await connections.forProfile('Other');
    expect(other.baseUrl).toBe('https://other.example');
    let sentKey = '';
    const capture = new Connections({
      profiles: library.profiles,
      sandbox: new EmbeddedSandbox('/nonexistent'),
      secrets,
      env,
      transport: {
        fetch: async (_url, init) => {
          sentKey = new Headers(init.headers).get('x-api-key') ?? '';
          return new Response(JSON.stringify({ confirmation: null }), { headers: { 'content-type': 'application/json' } });
        },
      },
    });
    await (await capture.forProfile('Other')).api.recordStatus('ab'.repeat(32));
    expect(sentKey).toBe('other-key');
    library.close();
  });

  it('apply to the profile a command names (--profile) instead, and then the current one keeps its own', async () => {
    const library = Library.open(':memory:');
    await library.profiles.save({ name: 'Named', baseUrl: 'https://named.example' });
    const env = { NOTARIUM_BASE_URL: 'http://127.0.0.1:9', NOTARIUM_API_KEY: 'override-key' };
    const connections = new Connections({
      profiles: library.profiles,
      sandbox: new EmbeddedSandbox('/nonexistent'),
      secrets: new MemorySecretStore(),
      env,
      profileInUse: 'Named',
    });
    const named = await connections.forProfile('Named');
    expect(named.baseUrl).toBe('http://127.0.0.1:9');
    await expect(named.requireKey()).resolves.toBeUndefined();
    expect(await library.profiles.currentName()).toBe('Sandbox');
    // Without it, the same library's Named profile keeps its own address.
    const current = new Connections({ profiles: library.profiles, sandbox: new EmbeddedSandbox('/nonexistent'), secrets: new MemorySecretStore(), env });
    expect((await current.forProfile('Named')).baseUrl).toBe('https://named.example');
    library.close();
  });

  it('leave the embedded sandbox its own key: NOTARIUM_API_KEY goes only to a service reached by URL', async () => {
    const library = Library.open(':memory:');
    let sentKey = '';
    const embedded = { connect: async () => ({ baseUrl: 'http://127.0.0.1:9', authUrl: 'http://127.0.0.1:9/auth', envId: 'env', apiKey: 'embedded-key' }) };
    const connections = new Connections({
      profiles: library.profiles,
      sandbox: embedded as unknown as EmbeddedSandbox,
      secrets: new MemorySecretStore(),
      env: { NOTARIUM_API_KEY: 'a-service-key' },
      profileInUse: 'Sandbox',
      transport: {
        fetch: async (_url, init) => {
          sentKey = new Headers(init.headers).get('x-api-key') ?? '';
          return new Response(JSON.stringify({ confirmation: null }), { headers: { 'content-type': 'application/json' } });
        },
      },
    });
    await (await connections.forProfile('Sandbox')).api.recordStatus('ab'.repeat(32));
    expect(sentKey).toBe('embedded-key');
    library.close();
  });
});
