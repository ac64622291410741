import { describe, expect, it } from 'vitest';
import { explorerPreset } from '../../../preload/explorer-presets.ts';

describe('explorer presets', () => {
  it("fill WhatsOnChain's four templates for mainnet and testnet", () => {
    expect(explorerPreset('whatsonchain', 'mainnet')).toEqual({
      explorerTxUrl: 'https://api.whatsonchain.com/v1/bsv/main/tx/{txId}/hex',
      explorerHeaderUrl: 'https://api.whatsonchain.com/v1/bsv/main/block/{blockHash}/header',
      explorerBlockUrl: 'https://api.whatsonchain.com/v1/bsv/main/block/hash/{blockHash}',
      explorerLinkUrl: 'https://whatsonchain.com/tx/{txId}',
    });
    expect(explorerPreset('whatsonchain', 'testnet')).toMatchObject({
      explorerTxUrl: 'https://api.whatsonchain.com/v1/bsv/test/tx/{txId}/hex',
      explorerLinkUrl: 'https://test.whatsonchain.com/tx/{txId}',
    });
  });

  it('put its API at another address, with no page for people there; another network needs one', () => {
    expect(explorerPreset('whatsonchain', 'regtest', 'http://127.0.0.1:8080/explorer/')).toEqual({
      explorerTxUrl: 'http://127.0.0.1:8080/explorer/tx/{txId}/hex',
      explorerHeaderUrl: 'http://127.0.0.1:8080/explorer/block/{blockHash}/header',
      explorerBlockUrl: 'http://127.0.0.1:8080/explorer/block/hash/{blockHash}',
      explorerLinkUrl: null,
    });
    expect(explorerPreset('whatsonchain', 'stn')).toMatch(/^WhatsOnChain serves mainnet and testnet only: .*\(it is stn\)/);
    expect(explorerPreset('whatsonchain', 'detect')).toMatch(/mainnet and testnet only/);
  });
});
