import { isAdministrator, type Role } from '@carbonledger/contracts';
import Stack from '@mui/material/Stack';
import { ApiKeysSummary } from './ApiKeysSummary';
import { RealtimeDebugPanel } from './RealtimeDebugPanel';
import { WebhooksSummary } from './WebhooksSummary';

/** Settings → API & Integrations: one summary card per integration screen, and for administrators the websocket debug panel. */
export function ApiIntegrationsTab({ userId, role }: { userId: string; role: Role }) {
  return (
    <Stack spacing={2}>
      <ApiKeysSummary userId={userId} role={role} />
      <WebhooksSummary role={role} />
      {isAdministrator(role) && <RealtimeDebugPanel />}
    </Stack>
  );
}
