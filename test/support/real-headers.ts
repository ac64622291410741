/**
 * Real Bitcoin block headers, with their hashes and Merkle roots, for the proof-of-work limits and
 * mainnet's work floor (verifier/protocol/networks.ts). Bitcoin's genesis blocks
 * (mainnet and testnet3) are difficulty 1; block 125,552 (May 2011) is difficulty 244,112: both
 * below mainnet's work floor of difficulty 2^30. Block 400,000 (February 2016, history BSV shares)
 * is difficulty 1.6e11, above it. Block 100,000 (December 2010, difficulty 14,484) holds 4
 * transactions: its second, with its real branch, is a claim a verifier can check without taking
 * the coinbase (index 0) for a registration. Each hash is checked against its header in
 * verify-receipt.test.ts.
 */
export const REAL_HEADERS = {
  genesis: {
    merkleRoot: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
    header:
      '0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a29ab5f49ffff001d1dac2b7c',
    hash: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
  },
  testnetGenesis: {
    merkleRoot: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
    header:
      '0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4adae5494dffff001d1aa4ae18',
    hash: '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
  },
  block125552: {
    merkleRoot: '2b12fcf1b09288fcaff797d71e950e71ae42b91e8bdb2304758dfcffc2b620e3',
    header:
      '0100000081cd02ab7e569e8bcd9317e2fe99f2de44d49ab2b8851ba4a308000000000000e320b6c2fffc8d750423db8b1eb942ae710e951ed797f7affc8892b0f1fc122bc7f5d74df2b9441a42a14695',
    hash: '00000000000000001e8d6829a8a21adc5d38d0a473b144b6765798e61f98bd1d',
  },
  block100000: {
    merkleRoot: 'f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766',
    header:
      '0100000050120119172a610421a6c3011dd330d9df07b63616c2cc1f1cd00200000000006657a9252aacd5c0b2940996ecff952228c3067cc38d4885efb5a4ac4247e9f337221b4d4c86041b0f2b5710',
    hash: '000000000003ba27aa200b1cecaad478d2b00432346c3f1f3986da1afd33e506',
  },
  block400000: {
    merkleRoot: 'b0e8f88d4fb7cbc49ab49a3a43c368550e22a8e9e3e04b15e34240306a53aeec',
    header:
      '0400000039fa821848781f027a2e6dfabbf6bda920d9ae61b63400030000000000000000ecae536a304042e3154be0e3e9a8220e5568c3433a9ab49ac4cbb74f8df8e8b0cc2acf569fb9061806652c27',
    hash: '000000000000000004ec466ce4732fe6f1ed1cddc2ed4b328fff5224276e3f6f',
  },
};

/** A transaction of block 100,000 that is not its coinbase, with its Merkle branch (display order). */
export const BLOCK_100000_MEMBER = {
  txid: 'fff2525b8931402dd09222c50775608f75787bd2b87e56995a7bdd30f79702c4',
  index: 1,
  nodes: ['8c14f0db3df150123e6f3dbbf30f8b955a8249b62ac1d1ff16284aefa3d06d87', '8e30899078ca1813be036a073bbf80b86cdddde1c96e9e9c99e9e3782df4ae49'],
};
