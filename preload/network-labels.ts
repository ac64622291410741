/** A profile's choice: one of the network labels (verifier/protocol/networks.ts), or reading it from the first confirmed block of its service. */
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
