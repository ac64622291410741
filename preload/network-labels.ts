/**
 * The network labels a receipt and a profile may name (the closed vocabulary; its meaning, the
 * proof-of-work limits and test chains, is in verifier/protocol/networks.ts). Here so that the
 * page can offer exactly these choices.
 */
export const NETWORK_LABELS = ['mainnet', 'testnet', 'stn', 'regtest', 'sandbox'] as const;
export type NetworkLabel = (typeof NETWORK_LABELS)[number];

/** A profile's choice: one of the labels, or reading it from the first confirmed block of its service. */
export const DETECT_NETWORK = 'detect';

export interface ProfileNetwork {
  network: string | null;
  networkSource: 'set' | 'detect';
  networkDetectedFrom: string | null;
}

/** A profile's network in a word or two, for lists in the CLI and the page: "mainnet", "detect", "detected: regtest". */
export function profileNetworkWords(p: ProfileNetwork): string {
  if (p.networkSource === 'set') return p.network ?? '';
  return p.network === null ? DETECT_NETWORK : `detected: ${p.network}`;
}
