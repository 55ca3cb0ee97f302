import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { InitializationFailed } from './app/InitializationFailed';
import { restoreSession } from './features/auth/session';
import { initI18n } from './lib/i18n';

// Loaded beside the app, not in front of it: it needs the API client and zod, which /login does not ship (bench/web-bundle.bench.ts).
void import('./features/errors/monitoring').then(({ startMonitoring }) => startMonitoring());
const root = createRoot(document.getElementById('root')!);

try {
  await initI18n();
  void restoreSession();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (error) {
  console.error('The application could not start', error);
  root.render(<InitializationFailed error={error} />);
}
