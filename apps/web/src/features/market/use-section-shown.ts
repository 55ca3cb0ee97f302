import { useState } from 'react';

/** Whether the user keeps the market section on their dashboard: a per-browser choice, shown until they hide it. */
export const MARKET_SECTION_STORAGE_KEY = 'carbonledger.dashboard.marketSection';

function readShown(): boolean {
  try {
    return localStorage.getItem(MARKET_SECTION_STORAGE_KEY) !== 'hidden';
  } catch {
    return true;
  }
}

export function useSectionShown(): [boolean, (shown: boolean) => void] {
  const [shown, setShown] = useState(readShown);
  const update = (next: boolean) => {
    setShown(next);
    try {
      localStorage.setItem(MARKET_SECTION_STORAGE_KEY, next ? 'shown' : 'hidden');
    } catch {
      // Storage blocked (private mode): the choice holds for this visit only.
    }
  };
  return [shown, update];
}
