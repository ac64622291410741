import { describe, expect, it } from 'vitest';
import { isPublicLink } from '../../../preload/public-link.ts';

// A certificate prints only a link someone else can open later, on another machine.

describe('isPublicLink', () => {
  it.each([
    'https://whatsonchain.com/tx/abc',
    'http://explorer.example/tx/abc',
    'https://8.8.8.8/tx/abc',
    'https://172.32.0.1/tx/abc',
    'https://[2001:db8::1]/tx/abc',
    'https://[::ffff:8.8.8.8]/tx/abc',
  ])('%s can be opened anywhere', (link) => expect(isPublicLink(link)).toBe(true));

  it.each([
    ['the embedded sandbox on loopback', 'http://127.0.0.1:40039/explorer/tx/abc'],
    ['another loopback address', 'http://127.8.9.10/tx/abc'],
    ['localhost', 'http://localhost:8080/tx/abc'],
    ['a name under localhost', 'http://explorer.localhost/tx/abc'],
    ['IPv6 loopback', 'http://[::1]:4000/tx/abc'],
    ['IPv4 loopback written as IPv6', 'http://[::ffff:127.0.0.1]/tx/abc'],
    ['a private network (10/8)', 'http://10.1.2.3/tx/abc'],
    ['a private network (172.16/12)', 'http://172.20.0.5/tx/abc'],
    ['a private network (192.168/16)', 'http://192.168.1.20/tx/abc'],
    ['shared address space', 'http://100.64.0.1/tx/abc'],
    ['link-local', 'http://169.254.1.1/tx/abc'],
    ['IPv6 unique local', 'http://[fd00::5]/tx/abc'],
    ['IPv6 link-local', 'http://[fe80::1]/tx/abc'],
    ['an mDNS name', 'http://node.local/tx/abc'],
    ['a home network name', 'http://explorer.home.arpa/tx/abc'],
    ['a name without a dot', 'http://explorer:3000/tx/abc'],
    ['not a web address', 'file:///tmp/tx.html'],
    ['not an address at all', 'explorer page'],
  ])('%s is not a link to print (%s)', (_, link) => expect(isPublicLink(link)).toBe(false));
});
