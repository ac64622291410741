import * as z from 'zod';

/**
 * Fault injection for reliability tests: a share of 500s and 429s, dropped connections, added
 * latency, accepted transactions the chain rejects at the next block, and accepted transactions
 * that are never mined at all.
 */

export const faultSettingsSchema = z
  .object({
    /** Share of requests answered with `errorStatus`. */
    errorRate: z.number().min(0).max(1),
    /**
     * Whether such a request is processed first ("after": the write is made, then the error is
     * answered, as a service failing after its write or a gateway timing out would) or not ("before").
     */
    errorPhase: z.enum(['before', 'after']),
    /** The status of those answers: 500 (the service failed), or 502/503/504 as a gateway would give. */
    errorStatus: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]),
    /** Share of requests answered 429 with Retry-After before they are processed. */
    rateLimitRate: z.number().min(0).max(1),
    /** Seconds in the Retry-After header of injected 429s. */
    retryAfterSeconds: z.number().int().min(0).max(3600),
    /** Share of connections destroyed without an answer. */
    dropRate: z.number().min(0).max(1),
    /** Whether a dropped request is processed first ("after": the answer is lost) or not ("before"). */
    dropPhase: z.enum(['before', 'after']),
    /** Added latency before each answer, uniformly drawn from [min, max] milliseconds. */
    latencyMs: z
      .object({ min: z.number().min(0).max(60_000), max: z.number().min(0).max(60_000) })
      .refine((l) => l.min <= l.max, 'latencyMs.min must not exceed latencyMs.max'),
    /** Share of accepted transactions rejected at the next block (404 from then on), with what spends them. */
    rejectRate: z.number().min(0).max(1),
    /**
     * Share of accepted transactions never mined: their status stays unconfirmed forever, and they
     * do not extend their chain (service-notes.md: "There is no guarantee that a record will be mined").
     */
    neverMineRate: z.number().min(0).max(1),
  })
  .strict();

export type FaultSettings = z.infer<typeof faultSettingsSchema>;

export const NO_FAULTS: FaultSettings = {
  errorRate: 0,
  errorStatus: 500,
  errorPhase: 'before',
  rateLimitRate: 0,
  retryAfterSeconds: 1,
  dropRate: 0,
  dropPhase: 'before',
  latencyMs: { min: 0, max: 0 },
  rejectRate: 0,
  neverMineRate: 0,
};

export type FaultDecision =
  { kind: 'none' } | { kind: 'error'; phase: 'before' | 'after' } | { kind: 'rate-limit' } | { kind: 'drop'; phase: 'before' | 'after' };

export class Faults {
  private settings: FaultSettings;

  constructor(
    initial: Partial<FaultSettings> = {},
    private readonly random: () => number = Math.random,
  ) {
    this.settings = faultSettingsSchema.parse({ ...NO_FAULTS, ...initial });
  }

  get current(): FaultSettings {
    return this.settings;
  }

  /** Replaces the given settings; the rest stay as they are. */
  update(patch: unknown): FaultSettings {
    const partial = faultSettingsSchema.partial().parse(patch);
    this.settings = faultSettingsSchema.parse({ ...this.settings, ...partial });
    return this.settings;
  }

  decide(): FaultDecision {
    const s = this.settings;
    if (s.dropRate > 0 && this.random() < s.dropRate) return { kind: 'drop', phase: s.dropPhase };
    if (s.errorRate > 0 && this.random() < s.errorRate) return { kind: 'error', phase: s.errorPhase };
    if (s.rateLimitRate > 0 && this.random() < s.rateLimitRate) return { kind: 'rate-limit' };
    return { kind: 'none' };
  }

  latency(): number {
    const { min, max } = this.settings.latencyMs;
    return max === 0 ? 0 : min + this.random() * (max - min);
  }

  reject(): boolean {
    return this.settings.rejectRate > 0 && this.random() < this.settings.rejectRate;
  }

  neverMine(): boolean {
    return this.settings.neverMineRate > 0 && this.random() < this.settings.neverMineRate;
  }
}
