import type { Discrepancy, DiscrepancyList, DiscrepancySeverity, DiscrepancyStatus, Language } from '@carbonledger/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useAssignDiscrepancy } from '../api/assign-discrepancy';
import { useAssignees } from '../api/assignees';

const SEVERITY_COLOURS: Record<DiscrepancySeverity, 'error' | 'warning' | 'info'> = { HIGH: 'error', MEDIUM: 'warning', LOW: 'info' };
const STATUS_COLOURS: Record<DiscrepancyStatus, 'default' | 'warning' | 'success'> = { open: 'default', awaiting_approval: 'warning', resolved: 'success' };

function Assignee({ discrepancy }: { discrepancy: Discrepancy }) {
  const { t } = useTranslation();
  const assignees = useAssignees(discrepancy.status !== 'resolved');
  const assign = useAssignDiscrepancy();
  if (discrepancy.status === 'resolved') return <Typography variant="body2">{discrepancy.assigneeName ?? '—'}</Typography>;
  const options = assignees.data ?? [];
  const known = discrepancy.assigneeId === null || options.some((option) => option.id === discrepancy.assigneeId);
  return (
    <TextField
      select
      size="small"
      value={discrepancy.assigneeId ?? ''}
      onChange={(event) => assign.mutate({ id: discrepancy.id, assigneeId: event.target.value || null })}
      error={assign.isError}
      disabled={assign.isPending}
      slotProps={{ htmlInput: { 'aria-label': t('reconciliation.columns.assignee') } }}
      sx={{ minWidth: 160 }}
    >
      <MenuItem value="">{t('reconciliation.unassigned')}</MenuItem>
      {!known && <MenuItem value={discrepancy.assigneeId!}>{discrepancy.assigneeName}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The exception queue: what differs, where, how badly, who holds it, since when, and its resolution. */
export function DiscrepancyTable({ list, language, onResolve }: { list: DiscrepancyList; language: Language; onResolve: (discrepancy: Discrepancy) => void }) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('reconciliation.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('reconciliation.columns.detected')}</TableCell>
            <TableCell>{t('reconciliation.columns.type')}</TableCell>
            <TableCell>{t('reconciliation.columns.severity')}</TableCell>
            <TableCell>{t('reconciliation.columns.project')}</TableCell>
            <TableCell>{t('reconciliation.columns.tokenId')}</TableCell>
            <TableCell>{t('reconciliation.columns.offChain')}</TableCell>
            <TableCell>{t('reconciliation.columns.onChain')}</TableCell>
            <TableCell>{t('reconciliation.columns.assignee')}</TableCell>
            <TableCell>{t('reconciliation.columns.status')}</TableCell>
            <TableCell>{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.items.map((item) => (
            <TableRow key={item.id} data-testid="discrepancy-row" data-discrepancy-id={item.id}>
              <TableCell>
                <Typography variant="body2">{formatDateTime(item.detectedAt, language)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('reconciliation.age', { age: formatDuration(item.ageSeconds) })}
                </Typography>
              </TableCell>
              <TableCell>
                <Typography variant="body2">{t(`reconciliation.types.${item.type}`)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`reconciliation.entities.${item.entityType}`)}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip size="small" color={SEVERITY_COLOURS[item.severity]} label={t(`reconciliation.severities.${item.severity}`)} />
              </TableCell>
              <TableCell>
                <Typography variant="body2">{item.project ?? '—'}</Typography>
                <Typography variant="caption" color="text.secondary" title={item.description}>
                  {item.description}
                </Typography>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all', maxWidth: 160 }}>{item.tokenMint ?? item.entityId}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{item.expected}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{item.actual}</TableCell>
              <TableCell>
                <Assignee discrepancy={item} />
              </TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" color={STATUS_COLOURS[item.status]} label={t(`reconciliation.statuses.${item.status}`)} />
                {item.resolution && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {t(`reconciliation.resolutions.${item.resolution}`)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                {item.status === 'open' && (
                  <Button size="small" onClick={() => onResolve(item)}>
                    {t('reconciliation.resolve.open')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
