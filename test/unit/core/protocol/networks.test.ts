import { describe, expect, it } from 'vitest';
import { NETWORK_CHOICES, NETWORK_LABELS, NETWORKS, networkOf, networkOfTarget, shownLabel } from '../../../../verifier/protocol/networks.ts';
import { parseBlockHeader, targetFromBits } from '../../../../verifier/chain/block-header.ts';
import { REAL_HEADERS } from '../../../support/real-headers.ts';
import { TSC } from '../../../support/tsc-vector.ts';

describe('the network vocabulary', () => {
  it("is closed: five labels, their proof-of-work limits, which are test chains, and mainnet's work floor", () => {
    expect(NETWORK_LABELS).toEqual(['mainnet', 'testnet', 'stn', 'regtest', 'sandbox']);
    // testnet and stn are test chains: their minimum-difficulty rule lets anyone mine a block at difficulty 1.
    expect(Object.fromEntries(NETWORK_LABELS.map((l) => [l, [NETWORKS[l].powLimit, NETWORKS[l].testChain, NETWORKS[l].workFloor?.target]]))).toEqual({
      mainnet: [(1n << 224n) - 1n, false, (0xffffn << 208n) / 2n ** 30n],
      testnet: [(1n << 224n) - 1n, true, undefined],
      stn: [(1n << 224n) - 1n, true, undefined],
      regtest: [(1n << 255n) - 1n, true, undefined],
      sandbox: [(1n << 255n) - 1n, true, undefined],
    });
    expect(NETWORKS.mainnet.workFloor?.why).toMatch(/since 2014 .* 2026/);
    expect(NETWORK_CHOICES).toBe('mainnet, testnet, stn, regtest or sandbox');
  });

  it('names a network only for ASCII letters that, lower-cased, are exactly a label', () => {
    expect(networkOf('mainnet')?.label).toBe('mainnet');
    expect(networkOf('MainNet')?.label).toBe('mainnet');
    expect(networkOf('SANDBOX')?.label).toBe('sandbox');
    for (const label of [
      'mainnet\u200b',
      '\u200bmainnet',
      'm\u0430innet',
      ' mainnet',
      'mainnet ',
      'main net',
      'main-net',
      '\uff4dainnet',
      'mainnet\n',
      'ma\u0131nnet',
      'MA\u0130NNET',
      'testnet3',
      'livenet',
      '',
      'toString',
      '__proto__',
      'constructor',
    ]) {
      expect(networkOf(label), JSON.stringify(label)).toBeUndefined();
    }
    for (const value of [undefined, null, 1, {}, ['mainnet']]) expect(networkOf(value)).toBeUndefined();
  });

  it('shows a label with everything but printable ASCII escaped, so no trick passes for a name', () => {
    expect(shownLabel('mainnet')).toBe('"mainnet"');
    expect(shownLabel('mainnet\u200b')).toBe('"mainnet\\u{200b}"');
    expect(shownLabel('m\u0430innet\n')).toBe('"m\\u{430}innet\\u{a}"');
    expect(shownLabel('a"b\\c\u001b[31m')).toBe('"a\\u{22}b\\u{5c}c\\u{1b}[31m"');
    expect(shownLabel('x'.repeat(100))).toBe(`"${'x'.repeat(64)}…"`);
  });
});

describe('the network a block header points to (a profile that detects its network)', () => {
  const of = (header: string) => networkOfTarget(targetFromBits(parseBlockHeader(header).bits)).label;

  it("reads regtest from bits 0x207fffff (the documentation's own headers), mainnet at or above its work floor, testnet between", () => {
    expect(of(TSC.header)).toBe('regtest');
    expect(of(REAL_HEADERS.block400000.header)).toBe('mainnet');
    // Difficulty 1 (both genesis blocks) and difficulty 244,112: a test chain's, below mainnet's floor.
    expect(of(REAL_HEADERS.genesis.header)).toBe('testnet');
    expect(of(REAL_HEADERS.testnetGenesis.header)).toBe('testnet');
    expect(of(REAL_HEADERS.block125552.header)).toBe('testnet');
  });

  it("draws the lines where the labels' own rules do, so the label read always fits its header", () => {
    const floor = NETWORKS.mainnet.workFloor!.target;
    expect(networkOfTarget(floor).label).toBe('mainnet');
    expect(networkOfTarget(floor + 1n).label).toBe('testnet');
    expect(networkOfTarget(NETWORKS.testnet.powLimit).label).toBe('testnet');
    expect(networkOfTarget(NETWORKS.testnet.powLimit + 1n).label).toBe('regtest');
    expect(networkOfTarget(targetFromBits(0x207fffff)).label).toBe('regtest');
    for (const target of [1n, floor, floor + 1n, NETWORKS.testnet.powLimit, NETWORKS.testnet.powLimit + 1n, NETWORKS.regtest.powLimit]) {
      const network = networkOfTarget(target);
      expect(target <= network.powLimit && (network.workFloor === undefined || target <= network.workFloor.target), String(target)).toBe(true);
    }
  });
});
