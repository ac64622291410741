/**
 * Block explorers people name instead of typing four URL templates: each fills the raw-transaction,
 * block-header, block-lookup and page-for-people templates of a profile for its network. Here so
 * that the command line and the app's profile form offer the same choices and fill the same values.
 */

export const EXPLORER_PRESETS = ['whatsonchain'] as const;
export type ExplorerPreset = (typeof EXPLORER_PRESETS)[number];

export const EXPLORER_PRESET_NAMES: Record<ExplorerPreset, string> = { whatsonchain: 'WhatsOnChain' };

/** A profile's explorer templates, as the profile's settings name them. */
export interface ExplorerSettings {
  explorerTxUrl: string;
  explorerHeaderUrl: string;
  explorerBlockUrl: string;
  /** Null: no page for people is known at a custom address. */
  explorerLinkUrl: string | null;
}

/** WhatsOnChain's public API and pages, by network (service-notes.md, "Block explorers"). */
const WHATSONCHAIN: Record<string, { api: string; page: string }> = {
  mainnet: { api: 'https://api.whatsonchain.com/v1/bsv/main', page: 'https://whatsonchain.com/tx/{txId}' },
  testnet: { api: 'https://api.whatsonchain.com/v1/bsv/test', page: 'https://test.whatsonchain.com/tx/{txId}' },
};

/**
 * The templates of `preset` for `network`; `apiBase` puts its API elsewhere (a mirror, a proxy
 * holding an API key, a local chain serving the same shapes). A string says why it cannot be done:
 * WhatsOnChain serves mainnet and testnet only.
 */
export function explorerPreset(preset: ExplorerPreset, network: string | null | undefined, apiBase?: string): ExplorerSettings | string {
  const known = network ? WHATSONCHAIN[network] : undefined;
  const base = (apiBase ?? known?.api)?.replace(/\/+$/, '');
  if (!base) {
    return `${EXPLORER_PRESET_NAMES[preset]} serves mainnet and testnet only: set the profile's network to one of them${network ? ` (it is ${network})` : ''}, or give the address of an API in its shape for this network`;
  }
  return {
    explorerTxUrl: `${base}/tx/{txId}/hex`,
    explorerHeaderUrl: `${base}/block/{blockHash}/header`,
    explorerBlockUrl: `${base}/block/hash/{blockHash}`,
    explorerLinkUrl: apiBase === undefined ? (known?.page ?? null) : null,
  };
}

/**
 * The preset and network whose public templates `settings` are, or null (templates of one's own,
 * an API elsewhere, or none): a profile whose network changes is filled again only from its preset.
 */
export function presetOf(settings: Partial<Record<keyof ExplorerSettings, string | null>>): { preset: ExplorerPreset; network: string } | null {
  for (const preset of EXPLORER_PRESETS)
    for (const network of Object.keys(WHATSONCHAIN)) {
      const filled = explorerPreset(preset, network) as ExplorerSettings;
      if (filled.explorerTxUrl === settings.explorerTxUrl && filled.explorerHeaderUrl === settings.explorerHeaderUrl) return { preset, network };
    }
  return null;
}
