export { startSandbox, type RunningSandbox, type SandboxOptions } from './server.ts';
export type { FaultSettings } from './faults.ts';
export { behaviourOf, STRICT_BEHAVIOUR, type Behaviour } from './behaviour.ts';
export { DEFAULT_LIFECYCLE, LIFECYCLES, type Lifecycle } from './records/lifecycle.ts';
export { LAYOUTS } from './records/record-transactions.ts';
export { EXPLORER_STYLES, FEATURES, type Feature } from './records/routes.ts';
export { TOKEN_PLACEMENTS } from './records/update-token.ts';
export { CHAIN_INDEXES } from './records/record-service.ts';
