import type { SandboxDatabase } from '../store/database.ts';
import { REGTEST_BITS, mineHeader, parseHeader } from './block-header.ts';
import { nextBlockDue, takenBy } from './block-schedule.ts';
import { ByteWriter } from './bytes.ts';
import { merkleBranch, merkleLevels, merkleRootOf, type TscProof } from './merkle-tree.ts';
import { hash160, p2pkhScript, pushData } from './script.ts';
import { serializeTransaction, transactionId } from './transaction.ts';

/**
 * The simulated chain: a mempool of accepted transactions and blocks mined from it, each with a
 * coinbase and a real 80-byte header that meets its target. State lives in the sandbox database.
 * Blocks come on demand (`mine`) and with wall-clock time (`catchUp`, block-schedule.ts).
 */

export type TxKind = 'coinbase' | 'record' | 'linked-create' | 'linked-update' | 'linked-delete' | 'foreign' | 'foreign-data' | 'future';

export interface TxRow {
  txid: string;
  raw: Buffer;
  kind: TxKind;
  published: Buffer | null;
  prev_txid: string | null;
  next_txid: string | null;
  encode: string | null;
  fund_script: string | null;
  fund_path: string | null;
  block_height: number | null;
  block_index: number | null;
  doomed: number;
  never_mined: number;
  accepted_at: number;
}

export interface NewTransaction {
  raw: Buffer;
  kind: TxKind;
  published?: Buffer;
  encode?: string;
  prevTxId?: string;
  /** Linked create/update: the "fund for next" output's locking script (hex) and key path. */
  fund?: { script: string; path: string };
  /** Accepted now, rejected at the next block (a fault, or a spend the chain will refuse). */
  doomed?: boolean;
  /**
   * Accepted, and never mined nor rejected: its status stays unconfirmed forever and, never valid
   * on chain, it does not become its predecessor's next (service-notes.md: Timing and life-cycle rules).
   */
  neverMined?: boolean;
}

export type ProofTarget = 'header' | 'hash' | 'merkleRoot';

export interface Confirmation {
  confirmedBlocks: number;
  blockHash: string;
  blockTimestamp: string;
  merkleProof: TscProof;
}

/** A block as an explorer describes it: where it is on the chain, and its header's fields. */
export interface BlockInfo {
  hash: string;
  height: number;
  /** Blocks from it to the tip, itself included; -1 would be a block off the best chain (this chain has none). */
  confirmations: number;
  header: Buffer;
  txCount: number;
  previousHash: string | null;
  nextHash: string | null;
}

export interface Reorganisation {
  /** The hashes of the blocks taken off the chain, tip first. */
  orphaned: string[];
  /** The blocks of the new branch, the one holding their transactions again first. */
  blocks: MinedBlock[];
}

export interface MinedBlock {
  height: number;
  hash: string;
  time: number;
  txIds: string[];
  rejected: string[];
}

interface BlockRow {
  height: number;
  hash: string;
  header: Buffer;
  time: number;
  tx_ids: string;
  mined_at: number | null;
}

const ZERO_HASH = '0'.repeat(64);
const BLOCK_VERSION = 0x20000000;
const SUBSIDY = 625_000_000n;
const MINER_SCRIPT = p2pkhScript(hash160(Buffer.from('notarium-sandbox-miner')));
const LEVEL_CACHE_SIZE = 64;
/** The kinds of transaction the record service writes, as an SQL list. */
const SERVICE_KINDS = "'record', 'linked-create', 'linked-update', 'linked-delete'";

export class Chain {
  private readonly levelCache = new Map<number, Buffer[][]>();
  private readonly stmt;

  constructor(
    private readonly db: SandboxDatabase,
    private readonly now: () => number,
    private readonly proofTarget: ProofTarget = 'header',
  ) {
    this.stmt = {
      tx: db.prepare<[string], TxRow>('SELECT * FROM txs WHERE txid = ?'),
      byFundScript: db.prepare<[string], TxRow>('SELECT * FROM txs WHERE fund_script = ?'),
      insertTx: db.prepare(
        `INSERT INTO txs (txid, raw, kind, published, encode, prev_txid, fund_script, fund_path, doomed, never_mined, accepted_at)
         VALUES (@txid, @raw, @kind, @published, @encode, @prev_txid, @fund_script, @fund_path, @doomed, @never_mined, @accepted_at)`,
      ),
      link: db.prepare('UPDATE txs SET next_txid = ? WHERE txid = ?'),
      unmined: db.prepare<[], TxRow>('SELECT * FROM txs WHERE block_height IS NULL ORDER BY seq'),
      mempool: db.prepare<[], TxRow>('SELECT * FROM txs WHERE block_height IS NULL AND never_mined = 0 ORDER BY seq'),
      firstWaiting: db.prepare<[], { accepted_at: number }>('SELECT accepted_at FROM txs WHERE block_height IS NULL AND never_mined = 0 ORDER BY seq LIMIT 1'),
      mempoolSize: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM txs WHERE block_height IS NULL AND never_mined = 0'),
      neverMinedCount: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM txs WHERE never_mined = 1'),
      orphanCount: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM orphan_blocks'),
      recordCount: db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM txs WHERE kind IN (${SERVICE_KINDS})`),
      recordIds: db.prepare<[], { txid: string }>(`SELECT txid FROM txs WHERE kind IN (${SERVICE_KINDS}) ORDER BY seq`),
      confirmTx: db.prepare('UPDATE txs SET block_height = ?, block_index = ? WHERE txid = ?'),
      deleteTx: db.prepare('DELETE FROM txs WHERE txid = ?'),
      unlink: db.prepare('UPDATE txs SET next_txid = NULL WHERE next_txid = ?'),
      children: db.prepare<[string], { txid: string }>('SELECT txid FROM txs WHERE prev_txid = ? AND block_height IS NULL'),
      tip: db.prepare<[], BlockRow>('SELECT * FROM blocks ORDER BY height DESC LIMIT 1'),
      orphan: db.prepare<[string], { hash: string; height: number; header: Buffer; tx_count: number }>('SELECT * FROM orphan_blocks WHERE hash = ?'),
      insertOrphan: db.prepare('INSERT OR REPLACE INTO orphan_blocks (hash, height, header, tx_count) VALUES (?, ?, ?, ?)'),
      deleteBlock: db.prepare('DELETE FROM blocks WHERE height = ?'),
      unconfirmTx: db.prepare('UPDATE txs SET block_height = NULL, block_index = NULL WHERE txid = ?'),
      blockAt: db.prepare<[number], BlockRow>('SELECT * FROM blocks WHERE height = ?'),
      blockByHash: db.prepare<[string], BlockRow>('SELECT * FROM blocks WHERE hash = ?'),
      insertBlock: db.prepare('INSERT INTO blocks (height, hash, header, time, tx_ids, mined_at) VALUES (?, ?, ?, ?, ?, ?)'),
      // The tip's run of coinbase-only blocks: read down from the tip to the last block with more.
      quietRun: db.prepare<[], { n: number }>(
        `SELECT count(*) AS n FROM blocks
         WHERE height > coalesce((SELECT height FROM blocks WHERE json_array_length(tx_ids) > 1 ORDER BY height DESC LIMIT 1), -1)`,
      ),
    };
    if (!this.stmt.tip.get()) this.mine();
  }

  get tipHeight(): number {
    return this.stmt.tip.get()!.height;
  }

  get tipHash(): string {
    return this.stmt.tip.get()!.hash;
  }

  /** Transactions waiting for the next block. */
  mempoolSize(): number {
    return this.stmt.mempoolSize.get()!.n;
  }

  /** Transactions accepted and held unmined for good. */
  neverMinedCount(): number {
    return this.stmt.neverMinedCount.get()!.n;
  }

  /** Blocks reorganisations took off the chain. */
  orphanCount(): number {
    return this.stmt.orphanCount.get()!.n;
  }

  /** Transactions the record service wrote and the chain has not rejected (mempool and blocks). */
  recordCount(): number {
    return this.stmt.recordCount.get()!.n;
  }

  /** The ids of those transactions, in the order they were accepted. */
  recordIds(): string[] {
    return this.stmt.recordIds.all().map((r) => r.txid);
  }

  get(txid: string): TxRow | undefined {
    return this.stmt.tx.get(txid);
  }

  /** The linked record whose "fund for next" output has this locking script. */
  byFundScript(scriptHex: string): TxRow | undefined {
    return this.stmt.byFundScript.get(scriptHex);
  }

  /** Adds a transaction to the mempool; a linked update or delete that will be mined becomes its predecessor's next. */
  accept(tx: NewTransaction): string {
    const txid = transactionId(tx.raw);
    this.db.transaction(() => {
      this.stmt.insertTx.run({
        txid,
        raw: tx.raw,
        kind: tx.kind,
        published: tx.published ?? null,
        encode: tx.encode ?? null,
        prev_txid: tx.prevTxId ?? null,
        fund_script: tx.fund?.script ?? null,
        fund_path: tx.fund?.path ?? null,
        doomed: tx.doomed ? 1 : 0,
        never_mined: tx.neverMined ? 1 : 0,
        accepted_at: this.now(),
      });
      if (tx.prevTxId && !tx.doomed && !tx.neverMined) this.stmt.link.run(txid, tx.prevTxId);
    })();
    return txid;
  }

  /**
   * Mines one block now from the whole mempool (the test control); doomed transactions (and what
   * spends them) are rejected, and never-mined ones stay where they are.
   */
  mine(): MinedBlock {
    return this.db.transaction(() => this.mineBlock(this.now(), null))();
  }

  /**
   * Mines the blocks due by now at one block every `intervalMs` (block-schedule.ts), each stamped
   * with the time it was due and holding what was accepted before then. It runs in one write
   * transaction begun before the tip is read (BEGIN IMMEDIATE): two processes on one data directory
   * never mine a height twice, and the second finds the blocks the first mined.
   */
  catchUp(intervalMs: number): MinedBlock[] {
    const now = this.now();
    if (now < minedAt(this.stmt.tip.get()!) + intervalMs) return []; // nothing can be due: no write lock
    return this.db
      .transaction((): MinedBlock[] => {
        const mined: MinedBlock[] = [];
        let quietRun = this.stmt.quietRun.get()!.n;
        for (;;) {
          const firstWaitingAt = this.stmt.firstWaiting.get()?.accepted_at ?? null;
          const due = nextBlockDue({ tipAt: minedAt(this.stmt.tip.get()!), quietRun, firstWaitingAt }, intervalMs);
          if (due > now) return mined;
          const block = this.mineBlock(due, due);
          quietRun = block.txIds.length === 1 ? quietRun + 1 : 0;
          mined.push(block);
        }
      })
      .immediate();
  }

  /**
   * A reorganisation (service-notes.md: a proof may change for about an hour): the top `depth`
   * blocks leave the chain and their transactions go back to the mempool. `at-once`, they are mined
   * again at once in a block of another coinbase (so another Merkle root, block hash and proof);
   * `mempool`, that block holds none of them and they wait, in no block, for the next block mined.
   * Then `depth` empty blocks: the new branch is one block longer than the one it replaces.
   * Explorers still know the orphaned blocks' headers; their lookup says they are off the best chain.
   */
  reorganise(depth: number, remine: 'at-once' | 'mempool' = 'at-once'): Reorganisation {
    return this.db.transaction((): Reorganisation => {
      const tip = this.stmt.tip.get()!;
      const fork = Math.max(1, tip.height - depth + 1); // the genesis block stays
      const orphaned: string[] = [];
      for (let height = tip.height; height >= fork; height--) {
        const block = this.stmt.blockAt.get(height)!;
        const [coinbase, ...txIds] = JSON.parse(block.tx_ids) as string[];
        for (const txid of txIds) this.stmt.unconfirmTx.run(txid);
        this.stmt.deleteTx.run(coinbase!);
        this.stmt.insertOrphan.run(block.hash, block.height, block.header, txIds.length + 1);
        this.stmt.deleteBlock.run(height);
        this.levelCache.delete(height);
        orphaned.push(block.hash);
      }
      const at = this.now();
      // Held back: the new branch's blocks take nothing accepted before them (block-schedule.ts).
      const cutoff = remine === 'mempool' ? Number.NEGATIVE_INFINITY : null;
      const blocks = [this.mineBlock(at, cutoff, `reorg ${tip.hash.slice(0, 16)}`)];
      for (let i = 0; i < tip.height - fork + 1; i++) blocks.push(this.mineBlock(at, cutoff));
      return { orphaned, blocks };
    })();
  }

  /** One block mined at `at` (ms) from the mempool: all of it, or (`cutoff`) what was accepted before then. */
  private mineBlock(at: number, cutoff: number | null, coinbaseTag?: string): MinedBlock {
    const taken = (t: TxRow): boolean => cutoff === null || takenBy(cutoff, t.accepted_at);
    const tip = this.stmt.tip.get();
    const height = tip ? tip.height + 1 : 0;
    const rejected = this.rejectDoomed(taken);
    // In acceptance order, up to the first one not taken: a transaction never goes before its parent.
    const waiting = this.stmt.mempool.all();
    const stop = waiting.findIndex((t) => !taken(t));
    const included = stop === -1 ? waiting : waiting.slice(0, stop);
    const coinbase = coinbaseTransaction(height, coinbaseTag);
    const txIds = [transactionId(coinbase), ...included.map((t) => t.txid)];
    const levels = merkleLevels(txIds);
    const minedAtMs = Math.max(at, tip ? minedAt(tip) : 0);
    const time = Math.max(Math.floor(minedAtMs / 1000), tip?.time ?? 0);
    const { header, hash } = mineHeader({
      version: BLOCK_VERSION,
      prevHash: tip?.hash ?? ZERO_HASH,
      merkleRoot: merkleRootOf(levels),
      time,
      bits: REGTEST_BITS,
    });
    this.stmt.insertBlock.run(height, hash, header, time, JSON.stringify(txIds), minedAtMs);
    this.stmt.insertTx.run({
      txid: txIds[0],
      raw: coinbase,
      kind: 'coinbase',
      published: null,
      encode: null,
      prev_txid: null,
      fund_script: null,
      fund_path: null,
      doomed: 0,
      never_mined: 0,
      accepted_at: minedAtMs,
    });
    txIds.forEach((txid, index) => this.stmt.confirmTx.run(height, index, txid));
    this.cacheLevels(height, levels);
    return { height, hash, time, txIds, rejected };
  }

  /** Doomed transactions `taken` by this block are rejected, with whatever spends them. */
  private rejectDoomed(taken: (tx: TxRow) => boolean): string[] {
    const rejected: string[] = [];
    const reject = (txid: string): void => {
      for (const child of this.stmt.children.all(txid)) reject(child.txid);
      this.stmt.unlink.run(txid);
      this.stmt.deleteTx.run(txid);
      rejected.push(txid);
    };
    for (const tx of this.stmt.unmined.all()) if (tx.doomed && taken(tx) && this.get(tx.txid)) reject(tx.txid);
    return rejected;
  }

  /** The service's confirmation object, or null while the transaction is not in a block. */
  confirmation(tx: TxRow): Confirmation | null {
    if (tx.block_height === null || tx.block_index === null) return null;
    const block = this.stmt.blockAt.get(tx.block_height)!;
    const levels = this.levels(block);
    const root = merkleRootOf(levels);
    const targets: Record<ProofTarget, string> = { header: block.header.toString('hex'), hash: block.hash, merkleRoot: root };
    return {
      confirmedBlocks: this.tipHeight - block.height + 1,
      blockHash: block.hash,
      blockTimestamp: new Date(block.time * 1000).toISOString().replace('.000Z', 'Z'),
      merkleProof: {
        index: tx.block_index,
        txOrId: tx.txid,
        target: targets[this.proofTarget],
        nodes: merkleBranch(levels, tx.block_index),
        targetType: this.proofTarget,
        proofType: null,
        composite: null,
      },
    };
  }

  /** The 80-byte header of a block, by its hash (an orphaned one's too). */
  header(blockHash: string): Buffer | undefined {
    return this.stmt.blockByHash.get(blockHash)?.header ?? this.stmt.orphan.get(blockHash)?.header;
  }

  /** A block by its hash, placed on the chain (the explorer's block lookup); an orphaned one has confirmations -1. */
  block(blockHash: string): BlockInfo | undefined {
    const row = this.stmt.blockByHash.get(blockHash);
    if (!row) {
      const orphan = this.stmt.orphan.get(blockHash);
      if (!orphan) return undefined;
      const previousHash = parseHeader(orphan.header).prevHash;
      return { hash: orphan.hash, height: orphan.height, confirmations: -1, header: orphan.header, txCount: orphan.tx_count, previousHash, nextHash: null };
    }
    return {
      hash: row.hash,
      height: row.height,
      confirmations: this.tipHeight - row.height + 1,
      header: row.header,
      txCount: (JSON.parse(row.tx_ids) as string[]).length,
      previousHash: this.stmt.blockAt.get(row.height - 1)?.hash ?? null,
      nextHash: this.stmt.blockAt.get(row.height + 1)?.hash ?? null,
    };
  }

  private levels(block: BlockRow): Buffer[][] {
    const cached = this.levelCache.get(block.height);
    if (cached) return cached;
    const levels = merkleLevels(JSON.parse(block.tx_ids) as string[]);
    this.cacheLevels(block.height, levels);
    return levels;
  }

  private cacheLevels(height: number, levels: Buffer[][]): void {
    this.levelCache.set(height, levels);
    if (this.levelCache.size > LEVEL_CACHE_SIZE) this.levelCache.delete(this.levelCache.keys().next().value!);
  }
}

/** When a block was mined (ms); a data directory from before `mined_at` has the header's second. */
function minedAt(block: BlockRow): number {
  return block.mined_at ?? block.time * 1000;
}

/** A coinbase in the usual form: the null outpoint, BIP34 height in the scriptSig, the subsidy. */
function coinbaseTransaction(height: number, tag = '/notarium-sandbox/'): Buffer {
  const heightBytes = new ByteWriter().u32(height).toBuffer();
  let n = 4;
  while (n > 1 && heightBytes[n - 1] === 0 && (heightBytes[n - 2]! & 0x80) === 0) n--;
  return serializeTransaction({
    version: 1,
    inputs: [
      {
        prevTxId: ZERO_HASH,
        vout: 0xffffffff,
        scriptSig: Buffer.concat([pushData(heightBytes.subarray(0, n)), pushData(Buffer.from(tag))]),
      },
    ],
    outputs: [{ satoshis: SUBSIDY, script: MINER_SCRIPT }],
    lockTime: 0,
  });
}
