import { describe, expect, it } from 'vitest';
import { behaviourOf, KIND_BEHAVIOUR, STRICT_BEHAVIOUR } from '../../../sandbox/behaviour.ts';
import { DEFAULT_LIFECYCLE } from '../../../sandbox/records/lifecycle.ts';

describe('the readings a sandbox takes', () => {
  it('are the kind ones by default, with the life-cycle rule from DEFAULT_LIFECYCLE', () => {
    expect(behaviourOf({})).toEqual(KIND_BEHAVIOUR);
    expect(behaviourOf({}).lifecycle).toBe(DEFAULT_LIFECYCLE);
  });

  it('are the least kind ones with strict', () => {
    expect(behaviourOf({ strict: true })).toEqual({
      lifecycle: 'never-mine',
      idempotency: 'ignore',
      responseSpelling: 'guides',
      layout: 'shared-push',
      navigateMax: 9,
      deleteAnswer: 'empty',
      errorCodes: 'troubleshooting',
      tokenPlacement: 'encoded-once',
      chainIndex: 'mined',
      contentRequired: true,
      // The guides' unencoded examples must work in every mode: these stay off, and can be chosen.
      sha256Required: false,
      saltRequired: false,
      publishingSeconds: 2,
      identityFields: 'documented-only',
      proofTarget: 'hash',
      explorerStyle: 'whatsonchain',
      explorerRate: 3,
      reorgRate: 0,
      reorgRemine: 'mempool',
    });
  });

  it('take each setting given explicitly over either, and ignore what is left undefined', () => {
    expect(behaviourOf({ strict: true, navigateMax: 3, lifecycle: 'refuse', layout: undefined })).toEqual({
      ...STRICT_BEHAVIOUR,
      navigateMax: 3,
      lifecycle: 'refuse',
    });
    expect(behaviourOf({ tokenPlacement: 'encoded-once' })).toEqual({ ...KIND_BEHAVIOUR, tokenPlacement: 'encoded-once' });
  });
});
