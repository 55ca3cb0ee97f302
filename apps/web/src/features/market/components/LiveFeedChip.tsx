import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useRealtimeStatus, type RealtimeStatus } from '../../../lib/realtime';

/** docs/product.md §4: the AI live feed is connecting, connected or disconnected (a socket in error counts as disconnected). */
export type LiveFeedState = 'connecting' | 'connected' | 'disconnected';

export function liveFeedStateOf(status: RealtimeStatus): LiveFeedState {
  return status === 'connected' || status === 'connecting' ? status : 'disconnected';
}

// Warning and info text fails the contrast check on white (the e2e accessibility check).
const COLORS = { connected: 'success', connecting: 'default', disconnected: 'error' } as const;

export function LiveFeedChip() {
  const { t } = useTranslation();
  const state = liveFeedStateOf(useRealtimeStatus());
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[state]}
      label={t(`market.liveFeed.${state}`)}
      role="status"
      aria-live="polite"
      data-testid="market-live-feed"
      data-state={state}
    />
  );
}
