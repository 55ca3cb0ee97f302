import { STORAGE_KEYS } from '@carbonledger/contracts';

type StoredKey = Exclude<keyof typeof STORAGE_KEYS, 'theme' | 'language'>;

/** The docs/product.md §3 client storage keys live in localStorage so every tab shares one session. */
export const authStorage = {
  get(key: StoredKey): string | null {
    try {
      return localStorage.getItem(STORAGE_KEYS[key]);
    } catch {
      return null;
    }
  },
  set(values: Partial<Record<StoredKey, string>>) {
    for (const [key, value] of Object.entries(values) as [StoredKey, string][]) localStorage.setItem(STORAGE_KEYS[key], value);
  },
  clear() {
    for (const key of ['accessToken', 'tenantId', 'userId', 'companyId', 'sessionId', 'sessionFingerprint'] as const) {
      localStorage.removeItem(STORAGE_KEYS[key]);
    }
  },
};
