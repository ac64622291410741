/**
 * The network labels a receipt and a profile may name (the closed vocabulary; its meaning, the
 * proof-of-work limits and test chains, is in main/core/protocol/networks.ts). Here so that the
 * page can offer exactly these choices.
 */
export const NETWORK_LABELS = ['mainnet', 'testnet', 'stn', 'regtest', 'sandbox'] as const;
export type NetworkLabel = (typeof NETWORK_LABELS)[number];
