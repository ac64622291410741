/**
 * Whether a link printed on paper can be opened later by someone else, on another machine: an
 * http(s) address whose host is a public name or address. A loopback explorer (the embedded
 * sandbox's), a private network's, a link-local one or a name only a local resolver knows
 * (`localhost`, `*.local`, a name without a dot) answers only where the file was registered:
 * printed, it would be a dead link.
 */
export function isPublicLink(link: string): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return publicIPv6(host.slice(1, -1));
  if (/^[\d.]+$/.test(host)) return publicIPv4(host);
  return host.includes('.') && !LOCAL_SUFFIXES.some((suffix) => host === suffix.slice(1) || host.endsWith(suffix));
}

/** Names that never resolve the same way elsewhere (RFC 6761, RFC 6762, RFC 8375, common home-router names). */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.localdomain'];

/** Loopback, "this network", private (RFC 1918), shared (RFC 6598) and link-local ranges: [first octets, prefix length]. */
const NOT_PUBLIC_V4: readonly [number, number, number][] = [
  [0, 0, 8],
  [10, 0, 8],
  [100, 64, 10],
  [127, 0, 8],
  [169, 254, 16],
  [172, 16, 12],
  [192, 168, 16],
];

function publicIPv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p > 255)) return false;
  const value = ((parts[0]! << 24) | (parts[1]! << 16)) >>> 0;
  return !NOT_PUBLIC_V4.some(([a, b, bits]) => value >>> (32 - bits) === ((a << 24) | (b << 16)) >>> (32 - bits));
}

function publicIPv6(host: string): boolean {
  if (host === '::1' || host === '::') return false;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1, which URL writes as ::ffff:7f00:1) is judged as that address.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const [hi, lo] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
    return publicIPv4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  // Unique local (fc00::/7) and link-local (fe80::/10).
  return !/^f[cd]/.test(host) && !/^fe[89ab]/.test(host);
}
