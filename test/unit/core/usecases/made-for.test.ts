import { describe, expect, it } from 'vitest';
import type { Connection } from '../../../../main/core/connections.ts';
import type { Profile } from '../../../../main/core/store/profiles.ts';
import type { StoredRecord } from '../../../../main/core/store/record.ts';
import { reachesItsService } from '../../../../main/core/usecases/made-for.ts';

/** Where a registration may be sent: only to the service it was made for. */

const record = (over: Partial<StoredRecord>): StoredRecord => ({ id: 1, name: 'a.txt', serviceUrl: null, serviceOverride: false, ...over }) as StoredRecord;
const connection = (kind: Profile['kind'], baseUrl: string, overridden = false): Connection =>
  ({ profile: { name: kind === 'sandbox' ? 'Sandbox' : 'Own', kind } as Profile, baseUrl, overridden }) as Connection;

describe('reachesItsService', () => {
  it("a service profile's registration goes to its URL as it was, and only there", () => {
    const own = record({ serviceUrl: 'https://own.example' });
    expect(reachesItsService(own, connection('service', 'https://own.example/'))).toBe(true);
    expect(reachesItsService(own, connection('service', 'https://moved.example'))).toBe(false);
    expect(reachesItsService(own, connection('service', 'http://127.0.0.1:9', true))).toBe(false);
  });

  it('one made for NOTARIUM_BASE_URL goes only to that address, never to the profile it belongs to', () => {
    const overridden = record({ serviceUrl: 'http://127.0.0.1:9', serviceOverride: true });
    expect(reachesItsService(overridden, connection('service', 'https://own.example'))).toBe(false);
    expect(reachesItsService(overridden, connection('sandbox', 'http://127.0.0.1:4000'))).toBe(false);
    expect(reachesItsService(overridden, connection('service', 'http://127.0.0.1:9', true))).toBe(true);
  });

  it("the Sandbox profile's own goes to the embedded sandbox whatever port it has today, never to an override", () => {
    const embedded = record({ serviceUrl: 'http://127.0.0.1:4000' });
    expect(reachesItsService(embedded, connection('sandbox', 'http://127.0.0.1:4123'))).toBe(true);
    expect(reachesItsService(embedded, connection('sandbox', 'http://127.0.0.1:4000', true))).toBe(false);
  });

  it('one made before Notarium kept its service goes to its profile', () => {
    expect(reachesItsService(record({ serviceUrl: null }), connection('service', 'https://own.example'))).toBe(true);
  });
});
