import type { IncomingMessage, ServerResponse } from 'node:http';
import { ServiceProblem } from './problem.ts';

/** A small method + path-template router; `{name}` segments become params. */

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  /** Reads the whole body, refusing more than the route's limit. */
  body(): Promise<Buffer>;
}

export type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; body: Buffer | string; contentType?: string; headers?: Record<string, string> }
  | { status: number; redirect: string };

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

export interface Route {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  handler: Handler;
  /** Routes that need no API key (health, explorer, identity, the authorize page). */
  public?: boolean;
  /** Body limit in bytes; defaults to the instance's body limit. */
  bodyLimit?: number;
  /** An explorer API endpoint: held to the explorer's request rate (behaviour.ts, explorerRate). */
  explorerApi?: boolean;
}

interface CompiledRoute extends Route {
  segments: string[];
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

export class Router {
  private readonly routes: CompiledRoute[] = [];

  add(...routes: Route[]): this {
    for (const route of routes) this.routes.push({ ...route, segments: route.path.split('/') });
    return this;
  }

  /** The route for method and path; a 404 or 405 problem when there is none. */
  match(method: string, pathname: string): RouteMatch {
    const segments = pathname.split('/');
    const allowed = new Set<string>();
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      if (route.method === method) return { route, params };
      allowed.add(route.method);
    }
    if (allowed.size > 0) {
      throw new ServiceProblem(405, undefined, `${method} is not supported here; use ${[...allowed].join(', ')}.`, {
        Allow: [...allowed].join(', '),
      });
    }
    throw new ServiceProblem(404, undefined, `No endpoint at ${pathname}.`);
  }
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const a = actual[i]!;
    if (p.startsWith('{') && p.endsWith('}')) {
      let value: string;
      try {
        value = decodeURIComponent(a);
      } catch {
        return null;
      }
      if (value === '') return null;
      params[p.slice(1, -1)] = value;
    } else if (p !== a) return null;
  }
  return params;
}
