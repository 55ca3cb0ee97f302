import fs from 'node:fs';
import path from 'node:path';
import { LiteSVM } from 'litesvm';
import type { ChainClient } from '../client';

export interface EmbeddedChainOptions {
  /** Snapshot file; null keeps the chain in memory only (tests). */
  snapshotPath: string | null;
  snapshotIntervalMs?: number;
}

/** LiteSVM in-process: a real SVM with SPL Token, Token-2022, ATA and Memo loaded. */
export function openEmbeddedChain(options: EmbeddedChainOptions): ChainClient {
  const { snapshotPath } = options;
  const svm = snapshotPath && fs.existsSync(snapshotPath) ? LiteSVM.loadFromFile(snapshotPath) : new LiteSVM();

  const flushNow = () => {
    if (!snapshotPath) return;
    fs.mkdirSync(path.dirname(snapshotPath), { recursive: true });
    const temporary = `${snapshotPath}.tmp`;
    svm.saveToFile(temporary);
    fs.renameSync(temporary, snapshotPath);
  };
  const timer = snapshotPath && options.snapshotIntervalMs ? setInterval(flushNow, options.snapshotIntervalMs) : null;
  timer?.unref();

  return {
    driver: 'embedded',
    async health() {
      return { driver: 'embedded', slot: svm.getClock().slot, blockhash: svm.latestBlockhash() };
    },
    async flush() {
      flushNow();
    },
    async close() {
      if (timer) clearInterval(timer);
      flushNow();
    },
  };
}
