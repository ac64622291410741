export { startSandbox, type RunningSandbox, type SandboxOptions } from './server.ts';
export type { FaultSettings } from './faults.ts';
