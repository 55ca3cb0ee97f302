import { CHUNK_RETRY } from '@carbonledger/contracts';
import { lazy, type ComponentType } from 'react';

export const CHUNK_RELOAD_FLAG = 'chunkReloadAttempted';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * docs/product.md §2: a page chunk that fails to load is retried 3 times (1000 ms × attempt); after
 * the last failure the page reloads once (a new deployment replaced the chunks), guarded by
 * a session flag so a broken build cannot reload forever.
 */
export async function loadWithRetry<T>(load: () => Promise<T>, options = { sleep: wait, reload: () => window.location.reload() }): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const module = await load();
      sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
      return module;
    } catch (error) {
      if (attempt < CHUNK_RETRY.attempts) {
        await options.sleep(CHUNK_RETRY.delayMs * (attempt + 1));
        continue;
      }
      if (!sessionStorage.getItem(CHUNK_RELOAD_FLAG)) {
        sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
        options.reload();
        return new Promise<T>(() => undefined);
      }
      throw error;
    }
  }
}

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => loadWithRetry(load));
}
