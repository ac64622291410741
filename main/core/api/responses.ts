import * as z from 'zod';
import { NotariumError } from '../errors/notarium-error.ts';
import type { HttpResponse } from './http-client.ts';
import { targetTypeOf } from '../../../verifier/chain/merkle-proof.ts';

/**
 * The service's JSON answers, parsed tolerantly (service-notes.md lists the variants: the guides'
 * `content-type` / `update_token` spellings, null or absent `confirmation`, `proofType`,
 * `composite` and `targetType`) and normalised to one camelCase shape. Unknown fields are dropped.
 * An answer that does not fit is a BAD_RESPONSE naming the field, never quoting its value (a
 * value may be a token).
 */

export interface EncodingStep {
  contentType: string;
  /** Text output (at most 1024 characters); null for binary content types. */
  output: string | null;
}

/** TSC Merkle proof, with defaults filled in: null or absent means the default. */
export interface MerkleProof {
  index: number;
  txOrId: string;
  target: string;
  /** Sibling hashes from the leaf upward; "*" = duplicate the current hash. */
  nodes: string[];
  /** Absent = "hash"; "merkleroot" is read as "merkleRoot". */
  targetType: 'hash' | 'header' | 'merkleRoot';
  /** Absent or null = "branch". "tree" is kept so a verifier can refuse it. */
  proofType: 'branch' | 'tree';
  /** Absent or null = false. true is kept so a verifier can refuse it. */
  composite: boolean;
}

export interface Confirmation {
  confirmedBlocks: number;
  blockHash: string | null;
  /** ISO 8601, best effort on the service's side. */
  blockTimestamp: string | null;
  merkleProof: MerkleProof | null;
}

export interface WriteResult {
  txId: string;
  /** Empty when no encoder was used (the service omits the array). */
  encoding: EncodingStep[];
}

export interface LinkedWriteResult extends WriteResult {
  /** Needed to update or finalise this record without the service fetching it; null if the service sent none. */
  updateToken: string | null;
}

export interface LinkedUpdateResult extends LinkedWriteResult {
  /** SHA-256 of the published bytes (hex), when the service reports it. */
  fingerprint: string | null;
}

export interface NavigateResult {
  txIds: string[];
  endOfLinks: boolean;
}

export interface Readiness {
  appVersion: string | null;
}

const hex = /^(?:[0-9a-fA-F]{2})+$/;
const hash = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hexadecimal characters')
  .transform((s) => s.toLowerCase());
const lowerHex = z
  .string()
  .regex(hex, 'expected hexadecimal bytes')
  .transform((s) => s.toLowerCase());
const nonEmpty = z.string().min(1);
/** A txId the service hands back is stored and later put in paths and receipts: exactly 64 hex digits. */
const NOT_A_TXID = 'expected a transaction id, 64 hexadecimal characters';
const txId = z
  .string({ error: NOT_A_TXID })
  .regex(/^[0-9a-fA-F]{64}$/, NOT_A_TXID)
  .transform((s) => s.toLowerCase());

const encodingStep = z
  .object({ contentType: z.string().optional(), 'content-type': z.string().optional(), output: z.string().nullish() })
  .refine((s) => (s.contentType ?? s['content-type']) !== undefined, { message: 'contentType (or content-type) is missing' })
  .transform((s): EncodingStep => ({ contentType: (s.contentType ?? s['content-type'])!, output: s.output ?? null }));

const encoding = z
  .array(encodingStep)
  .nullish()
  .transform((steps) => steps ?? []);

const merkleProof = z
  .object({
    index: z.number().int().nonnegative(),
    txOrId: lowerHex,
    target: lowerHex,
    nodes: z.array(z.union([z.literal('*'), hash])),
    targetType: z.enum(['hash', 'header', 'merkleRoot', 'merkleroot']).nullish(),
    proofType: z.enum(['branch', 'tree']).nullish(),
    composite: z.boolean().nullish(),
  })
  .transform((p): MerkleProof => ({
    index: p.index,
    txOrId: p.txOrId,
    target: p.target,
    nodes: p.nodes,
    targetType: p.targetType === 'merkleroot' ? 'merkleRoot' : targetTypeOf(p),
    proofType: p.proofType ?? 'branch',
    composite: p.composite ?? false,
  }));

const confirmation = z
  .object({
    confirmedBlocks: z.number().int().nonnegative(),
    blockHash: hash.nullish(),
    blockTimestamp: z.string().nullish(),
    merkleProof: merkleProof.nullish(),
  })
  .nullish()
  .transform((c): Confirmation | null =>
    c
      ? { confirmedBlocks: c.confirmedBlocks, blockHash: c.blockHash ?? null, blockTimestamp: c.blockTimestamp ?? null, merkleProof: c.merkleProof ?? null }
      : null,
  );

/** Either spelling of the update token; null when neither is there. */
const tokenFields = { updateToken: nonEmpty.nullish(), update_token: nonEmpty.nullish() };
const pickToken = (t: { updateToken?: string | null; update_token?: string | null }): string | null => t.updateToken ?? t.update_token ?? null;

export const writeResultSchema = z.object({ txId, encoding }).transform((r): WriteResult => ({ txId: r.txId, encoding: r.encoding }));

export const linkedCreateSchema = z
  .object({ txId, encoding, ...tokenFields })
  .transform((r): LinkedWriteResult => ({ txId: r.txId, encoding: r.encoding, updateToken: pickToken(r) }));

export const linkedUpdateSchema = z
  .object({ txId, encoding, fingerprint: z.string().nullish(), ...tokenFields })
  .transform((r): LinkedUpdateResult => ({ txId: r.txId, encoding: r.encoding, updateToken: pickToken(r), fingerprint: r.fingerprint ?? null }));

/** The guide's `{ txId }`; an object without it says nothing, as an empty body does (record-api.ts). */
export const deleteResultSchema = z.object({ txId: txId.nullish() });

export const statusSchema = z.object({ confirmation });
export const linkedStatusSchema = z.object({ updatable: z.boolean(), confirmation });
export const matchSchema = z.object({ match: z.boolean(), confirmation });
export const navigateSchema = z.object({ txIds: z.array(txId), endOfLinks: z.boolean() });
export const readinessSchema = z.object({ appVersion: z.string().nullish() }).transform((r): Readiness => ({ appVersion: r.appVersion ?? null }));

// Identity portal.
const seconds = z.union([z.number().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);
export const grantedClaimsSchema = z.object({ grantedClaims: z.array(z.string()) });
export const codeExchangeSchema = z.object({ accessToken: nonEmpty, expiresIn: seconds, refreshToken: nonEmpty });
export const refreshSchema = z
  .object({ accessToken: nonEmpty, expiresIn: seconds, refreshToken: nonEmpty.nullish() })
  .transform((r) => ({ accessToken: r.accessToken, expiresIn: r.expiresIn, refreshToken: r.refreshToken ?? null }));

/** Parses a JSON answer with `schema`; `what` names the answer in the error (e.g. "record status"). */
export function parseJson<S extends z.ZodType>(response: HttpResponse, schema: S, what: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(response.body));
  } catch {
    throw new NotariumError('BAD_RESPONSE', `The service's answer to ${what} is not JSON.`);
  }
  return parseValue(value, schema, what);
}

export function parseValue<S extends z.ZodType>(value: unknown, schema: S, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 3).map((i) => `${i.path.length > 0 ? i.path.join('.') : 'the body'}: ${i.message}`);
  throw new NotariumError('BAD_RESPONSE', `The service's answer to ${what} does not fit what Notarium expects (${issues.join('; ')}).`);
}
