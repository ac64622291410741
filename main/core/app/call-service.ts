import { parseCall } from '../../../preload/contract.ts';
import type { AppService } from './app-service.ts';

/**
 * A call as it comes from a page or another process: its arguments checked against the contract,
 * then run. Every failure, a refused argument included, is a rejection: a caller that attaches
 * one handler to the promise has handled them all. (Apart from app-service.ts, so the desktop main
 * process, which only forwards calls to the engine, does not load the engine's code.)
 */
export async function callService(service: AppService, method: string, args: unknown): Promise<unknown> {
  const call = parseCall(method, args);
  const fn = service.api[call.method] as (...a: unknown[]) => Promise<unknown>;
  return fn.apply(service.api, call.args);
}
