import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import en from '../locales/en/translation.json';
import { i18n } from '../lib/i18n';

/** docs/product.md §2: the full page shown when the app cannot start (translations may not be loaded yet). */
export function InitializationFailed({ error }: { error: unknown }) {
  const [showDetails, setShowDetails] = useState(false);
  const text = (key: keyof typeof en.init) => (i18n.isInitialized ? i18n.t(`init.${key}`) : en.init[key]);
  const details = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
  return (
    <>
      <CssBaseline />
      <Box component="main" role="alert" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}>
        <Box sx={{ maxWidth: 560, textAlign: 'center' }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {text('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {text('message')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
            <Button variant="contained" onClick={() => window.location.reload()}>
              {text('reload')}
            </Button>
            <Button onClick={() => setShowDetails((shown) => !shown)} aria-expanded={showDetails}>
              {text('details')}
            </Button>
          </Box>
          {/* Shown without MUI's Collapse, whose transition code /login would otherwise load (bench/web-bundle.bench.ts). */}
          {showDetails && (
            <Box component="pre" sx={{ mt: 2, p: 2, textAlign: 'left', bgcolor: 'grey.100', whiteSpace: 'pre-wrap', fontSize: 12 }}>
              {details}
            </Box>
          )}
        </Box>
      </Box>
    </>
  );
}
