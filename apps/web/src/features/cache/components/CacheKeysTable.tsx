import type { CacheKey } from '@carbonledger/contracts';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/** docs/product.md §3 Cache key: key, type, TTL, memory, last access; each with its delete button. */
export function CacheKeysTable({ keys, onDelete }: { keys: CacheKey[]; onDelete: (key: string) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('operations.cache.tabs.keys')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('operations.cache.columns.key')}</TableCell>
            <TableCell>{t('operations.cache.columns.type')}</TableCell>
            <TableCell align="right">{t('operations.cache.columns.ttl')}</TableCell>
            <TableCell align="right">{t('operations.cache.columns.memory')}</TableCell>
            <TableCell>{t('operations.cache.columns.lastAccess')}</TableCell>
            <TableCell align="right">{t('operations.cache.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((entry) => (
            <TableRow key={entry.key}>
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{entry.key}</TableCell>
              <TableCell>{entry.type}</TableCell>
              <TableCell align="right">
                {entry.ttlSeconds === null ? t('operations.cache.noExpiry') : t('operations.cache.seconds', { count: entry.ttlSeconds })}
              </TableCell>
              <TableCell align="right">{formatBytes(entry.memoryBytes, language)}</TableCell>
              <TableCell>{entry.lastAccessAt ? formatDateTime(entry.lastAccessAt, language) : '—'}</TableCell>
              <TableCell align="right">
                <IconButton size="small" color="error" aria-label={t('operations.cache.deleteKeyOf', { key: entry.key })} onClick={() => onDelete(entry.key)}>
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
