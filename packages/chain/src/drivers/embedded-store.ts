import fs from 'node:fs';
import path from 'node:path';
import type { TransactionErrorJson } from '../transaction-error';

/**
 * What changed the embedded chain, in the order it happened. A snapshot holds the state up
 * to some sequence number; the journal holds everything after it, so that the state a
 * caller was told about survives a crash (see docs/chain.md, "Durability").
 */
export type JournalEntry =
  | { seq: number; type: 'tx'; wire: string; slot: string; time: number; err: TransactionErrorJson | null }
  | { seq: number; type: 'airdrop'; address: string; lamports: string; signature: string; slot: string }
  | { seq: number; type: 'blockhash'; blockhash: string; lastValid: string; slot: string };

type WithoutSeq<T> = T extends unknown ? Omit<T, 'seq'> : never;
export type NewJournalEntry = WithoutSeq<JournalEntry>;

/** Fields of the sidecar the store owns; the driver adds its own state beside them. */
interface CommitFields {
  /** The last journal entry the snapshot contains. */
  journalSeq?: number;
  /** File name of the LiteSVM snapshot this sidecar belongs to (absent before version 3: `<base>` itself). */
  snapshot?: string;
  generation?: number;
}

export interface LoadedChainState<Sidecar> {
  /** LiteSVM snapshot to load, or null for a new chain. */
  snapshotFile: string | null;
  sidecar: (Sidecar & CommitFields) | null;
  /** Journal entries after the snapshot, oldest first. */
  journal: JournalEntry[];
}

export interface ChainStore<Sidecar> {
  readonly loaded: LoadedChainState<Sidecar>;
  /**
   * Appends an entry. Once it returns the entry survives the process being killed (it is in
   * the kernel); `durable` also waits for the disk, so it survives a power loss too.
   */
  append(entry: NewJournalEntry, options: { durable: boolean }): void;
  /** Entries appended since the last snapshot. */
  readonly pendingEntries: number;
  /**
   * Writes a new snapshot generation and its sidecar, then forgets the journal. Only the
   * sidecar's rename commits it: a crash at any point leaves the previous generation and
   * the whole journal, or the new one.
   */
  commit(writeSnapshot: (file: string) => void, sidecar: Sidecar): void;
  close(): void;
}

const sidecarPathOf = (base: string) => `${base}.json`;
const journalPathOf = (base: string) => `${base}.journal`;
const snapshotName = (base: string, generation: number) => `${path.basename(base)}.${generation}.snapshot`;

function fsyncPath(file: string, flags: 'r' | 'r+' = 'r') {
  const fd = fs.openSync(file, flags);
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes through a temporary file, syncs it, renames it into place and syncs the directory. */
function replaceDurably(file: string, write: (temporary: string) => void) {
  const temporary = `${file}.tmp`;
  write(temporary);
  fsyncPath(temporary, 'r+');
  fs.renameSync(temporary, file);
  fsyncPath(path.dirname(file));
}

/**
 * Reads the journal up to its last complete line. A crash can tear only the last line
 * (appends are sequential); that line and anything after it are cut off so that later
 * appends start on a clean line.
 */
function readJournal(file: string): JournalEntry[] {
  if (!fs.existsSync(file)) return [];
  const text = fs.readFileSync(file, 'utf8');
  const entries: JournalEntry[] = [];
  let consumed = 0;
  for (const line of text.split('\n')) {
    const end = consumed + Buffer.byteLength(line) + 1;
    if (end > Buffer.byteLength(text)) break;
    try {
      entries.push(JSON.parse(line) as JournalEntry);
    } catch {
      break;
    }
    consumed = end;
  }
  if (consumed < Buffer.byteLength(text)) fs.truncateSync(file, consumed);
  return entries;
}

function previousSnapshots(base: string, keep: string): string[] {
  const directory = path.dirname(base);
  const prefix = `${path.basename(base)}.`;
  return fs
    .readdirSync(directory)
    .filter((name) => name !== keep && name.startsWith(prefix) && /\.\d+\.snapshot(\.tmp)?$/.test(name))
    .map((name) => path.join(directory, name));
}

/**
 * Snapshot generations plus a write-ahead journal under one base path, e.g. DATA_DIR/chain.bin:
 * `chain.bin.json` (the sidecar, the commit point), `chain.bin.<generation>.snapshot`
 * (LiteSVM's state) and `chain.bin.journal`. A base from before the journal (`chain.bin` with a
 * sidecar of version 1 or 2) is loaded as generation 0 and replaced at the first commit.
 */
export function openChainStore<Sidecar extends object>(base: string): ChainStore<Sidecar> {
  fs.mkdirSync(path.dirname(base), { recursive: true });
  const sidecarFile = sidecarPathOf(base);
  const sidecar = fs.existsSync(sidecarFile) ? (JSON.parse(fs.readFileSync(sidecarFile, 'utf8')) as Sidecar & CommitFields) : null;
  const snapshotFile = sidecar?.snapshot ? path.join(path.dirname(base), sidecar.snapshot) : fs.existsSync(base) ? base : null;
  if (snapshotFile && !fs.existsSync(snapshotFile)) throw new Error(`The embedded chain's snapshot ${snapshotFile} named by ${sidecarFile} is missing`);
  const committedSeq = sidecar?.journalSeq ?? 0;
  const journalFile = journalPathOf(base);
  const journal = readJournal(journalFile).filter((entry) => entry.seq > committedSeq);
  let lastSeq = Math.max(committedSeq, journal.at(-1)?.seq ?? 0);
  let generation = sidecar?.generation ?? 0;
  let pending = journal.length;
  const fd = fs.openSync(journalFile, 'a');
  let closed = false;

  return {
    loaded: { snapshotFile, sidecar, journal },
    get pendingEntries() {
      return pending;
    },
    append(entry, { durable }) {
      if (closed) throw new Error('The embedded chain is closed');
      lastSeq++;
      fs.writeSync(fd, `${JSON.stringify({ seq: lastSeq, ...entry })}\n`);
      if (durable) fs.fdatasyncSync(fd);
      pending++;
    },
    commit(writeSnapshot, state) {
      generation++;
      const name = snapshotName(base, generation);
      const snapshot = path.join(path.dirname(base), name);
      writeSnapshot(`${snapshot}.tmp`);
      fsyncPath(`${snapshot}.tmp`, 'r+');
      fs.renameSync(`${snapshot}.tmp`, snapshot);
      const committed: Sidecar & CommitFields = { ...state, journalSeq: lastSeq, snapshot: name, generation };
      replaceDurably(sidecarFile, (temporary) => fs.writeFileSync(temporary, JSON.stringify(committed)));
      for (const old of previousSnapshots(base, name)) fs.rmSync(old, { force: true });
      fs.rmSync(base, { force: true });
      fs.ftruncateSync(fd, 0);
      fs.fdatasyncSync(fd);
      pending = 0;
    },
    close() {
      if (closed) return;
      closed = true;
      fs.closeSync(fd);
    },
  };
}
