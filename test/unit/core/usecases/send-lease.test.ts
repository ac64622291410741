import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { holderGone, newLeaseOwner } from '../../../../main/core/usecases/send-lease.ts';

describe('send lease holders', () => {
  it('an engine of a running process is not gone; one of a process that ended is; another host is never judged', () => {
    expect(holderGone(newLeaseOwner())).toBe(false);
    expect(holderGone(`${hostname()}:2147483646:x`)).toBe(true); // no such process
    expect(holderGone(`elsewhere.example:1:x`)).toBe(false);
    expect(holderGone('not an owner')).toBe(false);
  });
});
