/**
 * What the verifier throws when a receipt or an encode value cannot be read: a stable code and a
 * sentence saying what is wrong. The codes are the app's error catalogue's
 * (main/core/errors/catalogue.ts), which the verifier cannot import: there, NotariumError counts a
 * VerifierError as one of its own, so the engine catches and reports these as any other.
 */

export type VerifierErrorCode = 'RECEIPT_INVALID' | 'ENCODE_PARAM_INVALID' | 'UNKNOWN_ENCODER';

export class VerifierError extends Error {
  readonly code: VerifierErrorCode;

  constructor(code: VerifierErrorCode, message: string) {
    super(message);
    this.name = 'VerifierError';
    this.code = code;
  }
}
