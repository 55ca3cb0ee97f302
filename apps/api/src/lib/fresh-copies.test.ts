import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createFreshCopies } from './fresh-copies';

describe('fresh copies', () => {
  const row = (owner: string) => ({ owner });

  it('answers a kept copy until it is older than its bound, counted from the start of its read', async () => {
    const copies = createFreshCopies<{ owner: string }>({ maxAgeMs: 60, max: 10 });
    const read = copies.startRead();
    await sleep(30);
    read.keep('a', row('alice'));
    expect(copies.get('a')).toEqual(row('alice'));
    await sleep(40);
    expect(copies.get('a')).toBeUndefined();
  });

  it('does not keep what a read answered when a change was forgotten while it ran', () => {
    const copies = createFreshCopies<{ owner: string }>({ maxAgeMs: 1000, max: 10 });
    const read = copies.startRead();
    copies.forget(['unrelated']);
    read.keep('a', row('alice'));
    expect(copies.get('a')).toBeUndefined();
  });

  it('forgets copies by key and by what they hold', () => {
    const copies = createFreshCopies<{ owner: string }>({ maxAgeMs: 1000, max: 10 });
    for (const [key, owner] of [
      ['a', 'alice'],
      ['b', 'bob'],
      ['c', 'alice'],
    ] as const)
      copies.startRead().keep(key, row(owner));
    copies.forget(['b']);
    copies.forgetWhere((value) => value.owner === 'alice');
    expect(['a', 'b', 'c'].map((key) => copies.get(key))).toEqual([undefined, undefined, undefined]);
  });

  it('shares one read among the callers that ask while it runs, and starts another after a change', async () => {
    const copies = createFreshCopies<{ owner: string }>({ maxAgeMs: 1000, max: 10 });
    let reads = 0;
    const read = async () => {
      reads += 1;
      const number = reads;
      await sleep(20);
      return row(`read ${number}`);
    };
    const together = await Promise.all([copies.share('a', read), copies.share('a', read), copies.share('a', read)]);
    expect(together).toEqual([row('read 1'), row('read 1'), row('read 1')]);
    const before = copies.share('a', read);
    copies.forget(['a']);
    const after = copies.share('a', read);
    expect([await before, await after]).toEqual([row('read 2'), row('read 3')]);
    expect(await copies.share('a', read)).toEqual(row('read 4'));
  });

  it('lets the next caller read again when a shared read failed', async () => {
    const copies = createFreshCopies<{ owner: string }>({ maxAgeMs: 1000, max: 10 });
    await expect(copies.share('a', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await copies.share('a', async () => row('alice'))).toEqual(row('alice'));
  });
});
