import { describe, expect, it } from 'vitest';
import { NETWORKS } from '../../../../../verifier/protocol/networks.ts';
import { checkOwnTarget, checkProofOfWork, parseBlockHeader, targetFromBits } from '../../../../../verifier/chain/block-header.ts';
import type { CheckFailure } from '../../../../../verifier/check-failure.ts';
import { bitsTarget, parseHeader } from '../../../../support/bitcoin.ts';
import { failingWith } from '../../../../support/check-failures.ts';
import { header } from '../../../../support/receipt-fixture.ts';
import { TSC } from '../../../../support/tsc-vector.ts';

describe('parseBlockHeader', () => {
  it('reads the fields as an independent parser does', () => {
    const h = parseBlockHeader(TSC.header);
    const ref = parseHeader(TSC.header);
    expect(h).toEqual({
      version: ref.version,
      prevHash: ref.prevHash,
      merkleRoot: ref.merkleRoot,
      time: ref.time,
      bits: ref.bits,
      nonce: ref.nonce,
      hash: ref.hash,
    });
    expect(parseBlockHeader(Buffer.from(TSC.header, 'hex')).hash).toBe(TSC.blockHash);
  });

  it('refuses anything but 80 bytes of hex', () => {
    expect(() => parseBlockHeader(TSC.header.slice(2))).toThrow(failingWith('header-malformed', { found: '79 bytes' }));
    expect(() => parseBlockHeader(`${TSC.header}00`)).toThrow(failingWith('header-malformed', { found: '81 bytes' }));
    expect(() => parseBlockHeader('zz'.repeat(80))).toThrow(failingWith('header-malformed', { expected: '160 hex' }));
    expect(() => parseBlockHeader(new Uint8Array(0))).toThrow(failingWith('header-malformed'));
  });
});

describe('targetFromBits', () => {
  it('decodes compact targets', () => {
    expect(targetFromBits(0x207fffff)).toBe(0x7fffffn << 232n);
    expect(targetFromBits(0x1d00ffff)).toBe(0xffffn << 208n);
    expect(targetFromBits(0x1b0404cb)).toBe(0x0404cbn << 192n);
    expect(targetFromBits(0x03123456)).toBe(0x123456n);
    expect(targetFromBits(0x02123456)).toBe(0x1234n);
    expect(targetFromBits(0x01123456)).toBe(0x12n);
    expect(targetFromBits(0x1d00ffff)).toBe(bitsTarget(0x1d00ffff));
  });

  it('refuses a set sign bit, overflow and zero', () => {
    expect(() => targetFromBits(0x04923456)).toThrow(failingWith('header-bits-negative'));
    expect(() => targetFromBits(0x23000001)).toThrow(failingWith('header-bits-overflow'));
    expect(() => targetFromBits(0x22000100)).toThrow(failingWith('header-bits-overflow'));
    expect(() => targetFromBits(0x21010000)).toThrow(failingWith('header-bits-overflow'));
    expect(() => targetFromBits(0xff7fffff)).toThrow(failingWith('header-bits-overflow'));
    expect(() => targetFromBits(0x20000000)).toThrow(failingWith('header-bits-zero'));
    expect(() => targetFromBits(0x01003456)).toThrow(failingWith('header-bits-zero'));
    // The largest allowed values at each overflow boundary.
    expect(targetFromBits(0x22000001)).toBe(1n << 248n);
    expect(targetFromBits(0x210000ff)).toBe(0xffn << 240n);
  });
});

describe('checkProofOfWork', () => {
  it('the TSC header meets its regtest target', () => {
    expect(() => checkProofOfWork(parseBlockHeader(TSC.header), NETWORKS.regtest)).not.toThrow();
  });

  it('a header whose hash exceeds its target fails, with the target and the hash', () => {
    const h = parseBlockHeader(header('ab'.repeat(32), { meets: false }).hex);
    try {
      checkProofOfWork(h, NETWORKS.sandbox);
      expect.unreachable();
    } catch (err) {
      expect((err as CheckFailure).code).toBe('hash-above-target');
      expect((err as CheckFailure).found).toBe(h.hash);
      expect((err as CheckFailure).expected).toMatch(/^hash ≤ 7fffff0{58}$/);
    }
  });

  it('a regtest target is too easy for mainnet, testnet and stn, whose limit is difficulty 1', () => {
    for (const network of [NETWORKS.mainnet, NETWORKS.testnet, NETWORKS.stn]) {
      expect(network.powLimit).toBe((1n << 224n) - 1n);
      expect(() => checkProofOfWork(parseBlockHeader(TSC.header), network)).toThrow(failingWith('target-above-network-limit'));
    }
  });

  /** A header with these bits and nothing mined: whether its target passes is told apart from whether its hash does. */
  const withBits = (bits: number) => ({ ...parseBlockHeader(header('ab'.repeat(32), { meets: false }).hex), bits });
  const refusal = (bits: number) => {
    try {
      checkProofOfWork(withBits(bits), NETWORKS.mainnet);
      return 'passed';
    } catch (err) {
      return (err as CheckFailure).code;
    }
  };

  it('mainnet refuses a target easier than difficulty 2^30, whatever the hash; at the floor only the hash is judged', () => {
    const floor = (0xffffn << 208n) / 2n ** 30n;
    expect(targetFromBits(0x1903fffc)).toBe(floor);
    expect(targetFromBits(0x1903fffd)).toBeGreaterThan(floor);
    // Easier than the floor: difficulty 1, Bitcoin block 125552's 244,112, and one step past the floor.
    for (const bits of [0x1d00ffff, 0x1a44b9f2, 0x1903fffd]) expect(refusal(bits), bits.toString(16)).toBe('work-below-floor');
    // At the floor and harder, the target passes: what fails is the unmined hash.
    for (const bits of [0x1903fffc, 0x1806b99f, 0x18009645]) expect(refusal(bits), bits.toString(16)).toBe('hash-above-target');
    // The sentence says why so little work is refused.
    expect(() => checkProofOfWork(withBits(0x1d00ffff), NETWORKS.mainnet)).toThrow(
      failingWith('work-below-floor', {
        expected: `target ≤ ${floor.toString(16).padStart(64, '0')}`,
        message: expect.stringMatching(
          /^The header's target is easier than difficulty 2\^30 \(about 1\.07 billion\), the least work Notarium accepts of a mainnet block: mainnet has been far harder than that since 2014 .* anyone could have mined it/,
        ),
      }),
    );
  });

  it('testnet and stn have no floor: a difficulty-1 target is judged by its hash alone (they are test chains)', () => {
    for (const network of [NETWORKS.testnet, NETWORKS.stn]) {
      expect(() => checkProofOfWork(withBits(0x1d00ffff), network)).toThrow(failingWith('hash-above-target'));
    }
  });

  it('checkOwnTarget holds a header to its own bits only, whatever they are', () => {
    expect(checkOwnTarget(parseBlockHeader(TSC.header))).toBe(targetFromBits(parseBlockHeader(TSC.header).bits));
    expect(() => checkOwnTarget(parseBlockHeader(header('ab'.repeat(32), { meets: false }).hex))).toThrow(failingWith('hash-above-target'));
  });
});
