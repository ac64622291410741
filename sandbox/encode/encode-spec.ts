import { sha256 } from '../chain/bytes.ts';
import { ServiceProblem } from '../http/problem.ts';

/**
 * The `encode` query parameter: encoders joined by '|', each with an optional salt in parentheses
 * that is prepended to the encoder's input. An empty value means "not encoded".
 */

export const KNOWN_ENCODERS = ['SHA256', 'Base64'] as const;
export type EncoderName = (typeof KNOWN_ENCODERS)[number];

export interface EncodeStep {
  encoder: EncoderName;
  salt?: string;
}

export interface EncoderSettings {
  /** Encoders this instance accepts; others give CONTENT_BAD_ENCODER. */
  allowedEncoders: readonly EncoderName[];
  /** SHA256 must carry a salt argument (CONTENT_ENCODER_ARGUMENT_MISSING otherwise). */
  saltRequired: boolean;
  /** A SHA256 step is mandatory (ENCODER_SHA256_MISSING otherwise). */
  sha256Required: boolean;
}

export interface EncodingStepResult {
  contentType: string;
  output?: string;
}

const STEP = /^([A-Za-z0-9]+)(?:\(([^()]*)\))?$/;
/**
 * Salt characters: the reference's list (ASCII letters, digits, '/', ':', '-', '+') and '.', which
 * the guides' own examples use (`SHA256(01-02T13.14.15)`, `SHA256(23:59:59.123)`; service-notes.md).
 */
const SALT = /^[A-Za-z0-9/:.+-]+$/;
const MAX_OUTPUT_CHARS = 1024;
/**
 * Bounds of a chain, so one request cannot make the service hash or grow data without end: at most
 * 16 encoders (real chains have one or two), and no step producing more than 16 MiB (Base64 grows
 * its input by a third per step). The spec sets none; both are answered as ENCODE_PARAM_INVALID.
 */
export const MAX_ENCODE_STEPS = 16;
export const MAX_ENCODED_BYTES = 16 * 1024 * 1024;

function invalid(detail: string): ServiceProblem {
  return new ServiceProblem(400, 'ENCODE_PARAM_INVALID', detail);
}

function sha256Missing(): ServiceProblem {
  return new ServiceProblem(400, 'ENCODER_SHA256_MISSING', 'This instance requires a SHA256 encoder in encode.').spelledOnTroubleshootingPage(
    'ENCODER_FINGERPRINT_MISSING',
  );
}

/** Parses and checks `encode` against the instance settings; throws the service's problem codes. */
export function parseEncode(value: string, settings: EncoderSettings): EncodeStep[] {
  if (value === '') {
    if (settings.sha256Required) throw sha256Missing();
    return [];
  }
  const parts = value.split('|');
  if (parts.length > MAX_ENCODE_STEPS) throw invalid(`encode chains ${parts.length} encoders; at most ${MAX_ENCODE_STEPS} are accepted.`);
  const steps = parts.map((part): EncodeStep => {
    const m = STEP.exec(part);
    if (!m) throw invalid(`"${part}" is not an encoder: use a name with an optional salt in parentheses, e.g. SHA256(salt).`);
    const [, name, salt] = m;
    if (salt !== undefined && !SALT.test(salt)) {
      throw invalid(`The salt of ${name} may only hold ASCII letters, digits, '/', ':', '-', '.' and '+' (sent as %2B).`);
    }
    if (!(KNOWN_ENCODERS as readonly string[]).includes(name!)) {
      throw new ServiceProblem(400, 'UNKNOWN_ENCODER', `Unknown encoder "${name}"; known encoders are ${KNOWN_ENCODERS.join(', ')}.`);
    }
    return salt === undefined ? { encoder: name as EncoderName } : { encoder: name as EncoderName, salt };
  });
  for (const step of steps) {
    if (!settings.allowedEncoders.includes(step.encoder)) {
      throw new ServiceProblem(400, 'CONTENT_BAD_ENCODER', `The encoder ${step.encoder} is not allowed on this instance.`);
    }
    if (step.encoder === 'SHA256' && settings.saltRequired && step.salt === undefined) {
      throw new ServiceProblem(
        400,
        'CONTENT_ENCODER_ARGUMENT_MISSING',
        'This instance requires a salt argument for SHA256, e.g. SHA256(salt).',
      ).spelledOnTroubleshootingPage('ENCODER_ARGUMENT_MISSING');
    }
  }
  if (settings.sha256Required && !steps.some((s) => s.encoder === 'SHA256')) throw sha256Missing();
  return steps;
}

/** Refuses, before any work, a chain that would make a step's output larger than the bound. */
function checkOutputSizes(steps: readonly EncodeStep[], recordLength: number): void {
  let length = recordLength;
  for (const [i, step] of steps.entries()) {
    const input = length + (step.salt === undefined ? 0 : Buffer.byteLength(step.salt, 'ascii'));
    length = step.encoder === 'SHA256' ? 32 : 4 * Math.ceil(input / 3);
    if (length > MAX_ENCODED_BYTES) {
      throw invalid(
        `Encoder ${i + 1} of encode would produce ${length} bytes from a ${recordLength}-byte record; at most ${MAX_ENCODED_BYTES} bytes per encoder.`,
      );
    }
  }
}

/** Applies the chain to `record`; returns the published bytes and the per-step report. */
export function applyEncode(steps: readonly EncodeStep[], record: Uint8Array): { published: Buffer; report: EncodingStepResult[] } {
  checkOutputSizes(steps, record.length);
  let data: Buffer = Buffer.from(record);
  const report: EncodingStepResult[] = [];
  for (const step of steps) {
    const input = step.salt === undefined ? data : Buffer.concat([Buffer.from(step.salt, 'ascii'), data]);
    if (step.encoder === 'SHA256') {
      data = sha256(input);
      report.push({ contentType: 'application/octet-stream' });
    } else {
      const text = input.toString('base64');
      data = Buffer.from(text, 'ascii');
      report.push({ contentType: 'text/plain', output: text.slice(0, MAX_OUTPUT_CHARS) });
    }
  }
  return { published: data, report };
}

/** True when some step carries a salt: such an encode must be repeated on verification. */
export function hasSaltArgument(steps: readonly EncodeStep[]): boolean {
  return steps.some((s) => s.salt !== undefined);
}
