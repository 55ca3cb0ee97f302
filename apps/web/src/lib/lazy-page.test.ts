// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_FLAG, loadWithRetry } from './lazy-page';

function harness() {
  const sleeps: number[] = [];
  let reloads = 0;
  return {
    sleeps,
    reloads: () => reloads,
    options: { sleep: async (ms: number) => void sleeps.push(ms), reload: () => void reloads++ },
  };
}

describe('page chunk loading (docs/product.md §2)', () => {
  beforeEach(() => sessionStorage.clear());

  it('retries a failed chunk 3 times, waiting 1000 ms × attempt', async () => {
    const h = harness();
    let calls = 0;
    const module = await loadWithRetry(async () => {
      calls++;
      if (calls < 4) throw new TypeError('Failed to fetch dynamically imported module');
      return 'page';
    }, h.options);
    expect(module).toBe('page');
    expect(h.sleeps).toEqual([1000, 2000, 3000]);
    expect(h.reloads()).toBe(0);
  });

  it('reloads the page once after the last failure, and only once per session', async () => {
    const h = harness();
    const failing = async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    };
    const pending = loadWithRetry(failing, h.options);
    await vi.waitFor(() => expect(h.reloads()).toBe(1));
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBe('1');
    void pending;

    await expect(loadWithRetry(failing, h.options)).rejects.toThrow('Failed to fetch');
    expect(h.reloads()).toBe(1);
  });

  it('clears the reload guard once a chunk loads again', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
    await loadWithRetry(async () => 'page', harness().options);
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });
});
