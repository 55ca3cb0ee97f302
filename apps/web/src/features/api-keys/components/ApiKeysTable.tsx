import type { ApiKey, ApiKeyStatus, Language } from '@carbonledger/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../lib/format';

const STATUS_COLORS: Record<ApiKeyStatus, 'success' | 'default' | 'error'> = { active: 'success', expired: 'default', revoked: 'error' };

/** The company's keys with last use, status and 24 h requests; rotate and revoke act on active keys only. */
export function ApiKeysTable({
  keys,
  language,
  onUsage,
  onRotate,
  onRevoke,
}: {
  keys: ApiKey[];
  language: Language;
  onUsage: (key: ApiKey) => void;
  onRotate: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('apiKeys.table.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('apiKeys.fields.name')}</TableCell>
            <TableCell>{t('apiKeys.fields.environment')}</TableCell>
            <TableCell>{t('apiKeys.fields.permissions')}</TableCell>
            <TableCell>{t('apiKeys.table.status')}</TableCell>
            <TableCell>{t('apiKeys.table.lastUsed')}</TableCell>
            <TableCell align="right">{t('apiKeys.table.requests24h')}</TableCell>
            <TableCell align="right">{t('apiKeys.table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id} data-testid={`api-key-row-${key.name}`}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {key.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {key.keyPrefix}…
                </Typography>
              </TableCell>
              <TableCell>{t(`apiKeys.environments.${key.environment}`)}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {key.permissions.map((permission) => (
                    <Chip key={permission} size="small" variant="outlined" label={t(`apiKeys.permissions.${permission.replace(':', '_')}`)} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell>
                <Chip size="small" color={STATUS_COLORS[key.status]} label={t(`apiKeys.status.${key.status}`)} />
              </TableCell>
              <TableCell>{key.lastUsedAt ? formatDateTime(key.lastUsedAt, language) : t('apiKeys.table.never')}</TableCell>
              <TableCell align="right">{formatNumber(key.requests24h, language)}</TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button size="small" onClick={() => onUsage(key)}>
                    {t('apiKeys.actions.usage')}
                  </Button>
                  {key.status === 'active' && (
                    <>
                      <Button size="small" onClick={() => onRotate(key)} aria-label={t('apiKeys.actions.rotateNamed', { name: key.name })}>
                        {t('apiKeys.actions.rotate')}
                      </Button>
                      <Button size="small" color="error" onClick={() => onRevoke(key)} aria-label={t('apiKeys.actions.revokeNamed', { name: key.name })}>
                        {t('apiKeys.actions.revoke')}
                      </Button>
                    </>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
