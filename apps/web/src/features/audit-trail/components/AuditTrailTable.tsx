import { describeActivity, humaniseName, type AuditTrailList, type Language } from '@carbonledger/contracts';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

/** The entries with their words and their place in the chain; the first broken link (and what follows it) is marked. */
export function AuditTrailTable({ list, language, brokenAt }: { list: AuditTrailList; language: Language; brokenAt: bigint | null }) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('auditTrail.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('auditTrail.columns.entry')}</TableCell>
            <TableCell>{t('auditTrail.columns.when')}</TableCell>
            <TableCell>{t('auditTrail.columns.who')}</TableCell>
            <TableCell>{t('auditTrail.columns.what')}</TableCell>
            <TableCell>{t('auditTrail.columns.entity')}</TableCell>
            <TableCell>{t('auditTrail.columns.hash')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.items.map((entry) => {
            const id = BigInt(entry.id);
            const broken = brokenAt !== null && id === brokenAt;
            const after = brokenAt !== null && id > brokenAt;
            return (
              <TableRow key={entry.id} hover selected={broken} data-testid={`audit-entry-${entry.id}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  #{entry.id}
                  {broken && <Chip size="small" color="error" label={t('auditTrail.brokenHere')} sx={{ ml: 1 }} />}
                  {after && <Chip size="small" color="warning" variant="outlined" label={t('auditTrail.afterBreak')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, language)}</TableCell>
                <TableCell>
                  {entry.actor ? (
                    <>
                      <Typography variant="body2">{entry.actor.name}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {entry.actor.email}
                      </Typography>
                    </>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {t('auditTrail.platform')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{describeActivity(entry, language)}</Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                    {entry.action}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{humaniseName(entry.resourceType)}</Typography>
                  {entry.resourceId && (
                    <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                      {entry.resourceId}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Tooltip title={`${t('auditTrail.hash')}: ${entry.hash} · ${t('auditTrail.prevHash')}: ${entry.prevHash}`}>
                    <Typography variant="caption" sx={{ fontFamily: 'monospace' }}>
                      {entry.hash.slice(0, 12)}…
                    </Typography>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
