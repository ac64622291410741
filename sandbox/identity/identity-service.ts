import type { Route } from '../http/router.ts';
import type { MetaTable, SandboxDatabase } from '../store/database.ts';

/** PLACEHOLDER until the identity service lands: the signature the server relies on. */

export interface IdentityOptions {
  db: SandboxDatabase;
  meta: MetaTable;
  envId: string;
  apiKey: string;
  /** The server's origin (http://127.0.0.1:PORT), known once it listens. */
  origin: () => string;
  now: () => number;
  accessTokenTtl: number;
  refreshTokenTtl: number;
}

export async function createIdentityService(_options: IdentityOptions): Promise<{ routes: Route[] }> {
  return { routes: [] };
}
