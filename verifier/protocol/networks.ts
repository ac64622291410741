/**
 * The networks a receipt can name: a closed vocabulary. A receipt's proof of work is judged by its
 * network's limit (the easiest target a block may have), so the label decides what a header proves;
 * a label outside this list has no limit and its proof of work cannot be judged.
 *
 * Normalisation: a label names a network only when it is ASCII letters alone and, lower-cased, is
 * exactly one of these. Nothing else is forgiven: "MainNet" is mainnet, but "mainnet\u200b",
 * " mainnet", "mаinnet" (Cyrillic а) and "main-net" are unknown labels.
 *
 * Portable (no Node APIs): the verifier runs in the page too.
 */

/** The network labels a receipt and a profile may name: the page offers exactly these choices. */
export const NETWORK_LABELS = ['mainnet', 'testnet', 'stn', 'regtest', 'sandbox'] as const;
export type NetworkLabel = (typeof NETWORK_LABELS)[number];

export interface Network {
  label: NetworkLabel;
  /** The proof-of-work limit: a header whose target is easier does not belong to this network. */
  powLimit: bigint;
  /**
   * Anyone can mine its blocks on an ordinary computer, so its proof of work proves nothing:
   * regtest and the sandbox by their limit, testnet and stn by their minimum-difficulty rule (a
   * block may drop to difficulty 1, about 2^32 hashes: minutes on a CPU).
   */
  testChain: boolean;
  /** The least work Notarium accepts of this network's blocks, above its limit; none for test chains. */
  workFloor?: WorkFloor;
}

export interface WorkFloor {
  /** A header whose target is easier (greater) is refused. */
  target: bigint;
  /** The floor in words, for the step's sentences ("difficulty 2^30"). */
  shown: string;
  /** Why a header below it is refused, one sentence. */
  why: string;
}

/** Difficulty 1: the limit of Bitcoin's main and public test networks. */
const DIFFICULTY_1 = (1n << 224n) - 1n;
/** The target of difficulty 1 as difficulty is counted (bits 0x1d00ffff); difficulty d's target is this / d. */
const DIFFICULTY_1_TARGET = 0xffffn << 208n;
/** Regtest's limit; the sandbox mines at it (bits 0x207fffff). */
const REGTEST_LIMIT = (1n << 255n) - 1n;

/**
 * Mainnet's floor: difficulty 2^30 (about 1.07e9). A difficulty-1 header takes about 2^32 hashes,
 * minutes on a CPU, so a forger can mine one over a transaction and Merkle branch of their own;
 * mainnet (BSV, and the Bitcoin history it shares) has been far above 2^30 since 2014, and
 * Notarium's receipts date from 2026, so a header easier than this is no mainnet block a receipt
 * can name. The floor puts a forgery out of reach of CPUs and GPUs (it takes about 2^62 hashes),
 * not of someone with mining hardware: only a check against the heaviest chain closes that.
 */
const MAINNET_FLOOR: WorkFloor = {
  target: DIFFICULTY_1_TARGET >> 30n,
  shown: 'difficulty 2^30 (about 1.07 billion)',
  why: 'mainnet has been far harder than that since 2014 and Notarium receipts date from 2026, so a header this easy is not a mainnet block a receipt can name: anyone could have mined it on an ordinary computer.',
};

export const NETWORKS: Readonly<Record<NetworkLabel, Network>> = {
  mainnet: { label: 'mainnet', powLimit: DIFFICULTY_1, testChain: false, workFloor: MAINNET_FLOOR },
  testnet: { label: 'testnet', powLimit: DIFFICULTY_1, testChain: true },
  stn: { label: 'stn', powLimit: DIFFICULTY_1, testChain: true },
  regtest: { label: 'regtest', powLimit: REGTEST_LIMIT, testChain: true },
  sandbox: { label: 'sandbox', powLimit: REGTEST_LIMIT, testChain: true },
};

/**
 * The network a block's target (from its header's bits) points to, for a profile that reads its
 * network from its service's chain (service-notes.md: the documentation's own headers have bits
 * 0x207fffff, so an instance may write to a test chain). Easier than difficulty 1 (bits 0x207fffff
 * among them) is regtest; at or above mainnet's work floor is mainnet; anything between is testnet.
 * The difficulty cannot tell regtest from the sandbox, testnet from stn, nor a test chain mined
 * above the floor from mainnet: a profile that knows better sets its label.
 */
export function networkOfTarget(target: bigint): Network {
  if (target > DIFFICULTY_1) return NETWORKS.regtest;
  if (target <= MAINNET_FLOOR.target) return NETWORKS.mainnet;
  return NETWORKS.testnet;
}

/** The network a label names, or undefined for any label outside the vocabulary (or no label at all). */
export function networkOf(label: unknown): Network | undefined {
  if (typeof label !== 'string' || !/^[A-Za-z]{1,16}$/.test(label)) return undefined;
  const key = label.toLowerCase();
  return Object.hasOwn(NETWORKS, key) ? NETWORKS[key as NetworkLabel] : undefined;
}

/** "mainnet, testnet, stn, regtest or sandbox", for sentences. */
export const NETWORK_CHOICES = `${NETWORK_LABELS.slice(0, -1).join(', ')} or ${NETWORK_LABELS.at(-1)}`;

/**
 * A label as it can be shown safely: quoted, with every character outside printable ASCII written
 * as \u{…}, so "mainnet\u200b" cannot pass for "mainnet" on a screen.
 */
export function shownLabel(given: unknown): string {
  const label = typeof given === 'string' ? given : String(given);
  const shown = [...label.slice(0, 64)]
    .map((c) => (/^[\x20-\x7e]$/.test(c) && c !== '"' && c !== '\\' ? c : `\\u{${c.codePointAt(0)!.toString(16)}}`))
    .join('');
  return `"${shown}${label.length > 64 ? '…' : ''}"`;
}
