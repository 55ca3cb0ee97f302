import { API_KEY_PERMISSIONS, API_KEY_PREFIXES } from '@carbonledger/contracts';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../lib/toast';
import { curlExample, fetchExample, keyOperations } from '../api-examples';
import { useOpenApiDocument } from '../api/openapi-document';

// Code blocks scroll sideways on narrow screens: focusable, so that the keyboard can scroll them too.
const codeStyle = { m: 0, p: 2, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontFamily: 'monospace', fontSize: 13 } as const;
const POINTS = ['session', 'apiKey', 'permissions', 'rateLimits', 'refusals'] as const;
const PREFIXES = [...new Set(Object.values(API_KEY_PREFIXES))].map((prefix) => `${prefix}…`).join(', ');

function CodeBlock({ label, code }: { label: string; code: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const copy = () =>
    navigator.clipboard
      .writeText(code)
      .then(() => enqueueSnackbar(t('integrations.apiDocs.copied', { label }), { variant: 'success' }))
      .catch(() => enqueueSnackbar(t('integrations.apiDocs.copyFailed'), { variant: 'error' }));
  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h4">
          {label}
        </Typography>
        <Button size="small" startIcon={<ContentCopy />} onClick={() => void copy()} aria-label={t('integrations.apiDocs.copy', { label })}>
          {t('integrations.apiDocs.copyShort')}
        </Button>
      </Stack>
      <Box component="pre" role="figure" aria-label={label} sx={codeStyle} tabIndex={0}>
        {code}
      </Box>
    </Box>
  );
}

/**
 * /api-docs: how a call authenticates (a session or an API key, docs/product.md §3 API key,
 * §5 rules, §6 permissions), the rate-limit answers, and copyable curl and TypeScript examples
 * generated from the OpenAPI document's operations that API keys open.
 */
export function ApiAuthentication() {
  const { t } = useTranslation();
  const document = useOpenApiDocument();
  const operations = useMemo(() => (document.data ? keyOperations(document.data) : []), [document.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const operation = operations.find((entry) => entry.operationId === chosen) ?? operations[0];
  const origin = window.location.origin;

  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 3 }} component="section" aria-labelledby="api-docs-authentication">
      <Typography variant="h6" component="h2" id="api-docs-authentication">
        {t('integrations.apiDocs.title')}
      </Typography>
      <List>
        {POINTS.map((point) => (
          <ListItem key={point} disableGutters>
            <ListItemText
              primary={t(`integrations.apiDocs.points.${point}.title`)}
              secondary={t(`integrations.apiDocs.points.${point}.text`, {
                prefixes: PREFIXES,
                permissions: API_KEY_PERMISSIONS.map((permission) => t(`apiKeys.permissions.${permission.replace(':', '_')}`)).join(', '),
              })}
            />
          </ListItem>
        ))}
      </List>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {t('integrations.apiDocs.examplesTitle')}
      </Typography>
      {document.isPending && <LinearProgress aria-label={t('common.loading')} sx={{ my: 2 }} />}
      {document.isError && <Alert severity="error">{t('integrations.apiDocs.loadFailed')}</Alert>}
      {document.data && !operation && <Typography color="text.secondary">{t('integrations.apiDocs.noOperations')}</Typography>}
      {operation && (
        <>
          <TextField
            select
            fullWidth
            size="small"
            sx={{ mt: 1 }}
            label={t('integrations.apiDocs.operation')}
            value={operation.operationId}
            onChange={(event) => setChosen(event.target.value)}
          >
            {operations.map((entry) => (
              <MenuItem key={entry.operationId} value={entry.operationId}>
                {`${entry.method} ${entry.path} — ${entry.summary}`}
              </MenuItem>
            ))}
          </TextField>
          <CodeBlock label={t('integrations.apiDocs.curl')} code={curlExample(operation, origin)} />
          <CodeBlock label={t('integrations.apiDocs.typescript')} code={fetchExample(operation, origin)} />
        </>
      )}
    </Paper>
  );
}
