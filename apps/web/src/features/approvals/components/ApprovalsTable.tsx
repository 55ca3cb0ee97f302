import type { ApprovalWorkflow } from '@carbonledger/contracts';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { DecisionAction } from './DecisionDialog';

// MUI's warning and info colours fail the contrast check with white text (the e2e accessibility check): error, success and default only.
const PRIORITY_CHIPS = {
  critical: { color: 'error', variant: 'filled' },
  high: { color: 'error', variant: 'outlined' },
  medium: { color: 'default', variant: 'filled' },
  low: { color: 'default', variant: 'outlined' },
} as const;
const STATUS_CHIPS = {
  pending: { color: 'default', variant: 'filled' },
  delegated: { color: 'default', variant: 'outlined' },
  approved: { color: 'success', variant: 'filled' },
  rejected: { color: 'error', variant: 'filled' },
} as const;

function History({ workflow }: { workflow: ApprovalWorkflow }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Box component="ol" sx={{ m: 0, py: 1, pl: 3, display: 'grid', gap: 0.5 }} aria-label={t('approvals.history')}>
      {workflow.decisions.map((decision, index) => (
        <Typography component="li" variant="body2" key={`${decision.createdAt}-${index}`}>
          {formatDateTime(decision.createdAt, language)} · {decision.level > 0 && `${t('approvals.levelShort', { level: decision.level })} · `}
          {t(`approvals.decisionKinds.${decision.decision}`, {
            name: decision.actorName ?? t('approvals.platform'),
            delegate: decision.delegateName ?? '',
            role: t(`roles.${decision.approverRole}`, { defaultValue: decision.approverRole }),
          })}
          {decision.reason && ` — ${decision.reason}`}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * Workflows with type, what they are about, requester, company, credits, priority, status,
 * level and approver, timeout and date (docs/product.md §3 Approval); the current approver
 * decides from the row, the history opens below it.
 */
export function ApprovalsTable({ items, onDecide }: { items: ApprovalWorkflow[]; onDecide: (workflow: ApprovalWorkflow, action: DecisionAction) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('approvals.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>{t('approvals.columns.type')}</TableCell>
            <TableCell>{t('approvals.columns.request')}</TableCell>
            <TableCell>{t('approvals.columns.requestor')}</TableCell>
            <TableCell align="right">{t('approvals.columns.credits')}</TableCell>
            <TableCell>{t('approvals.columns.priority')}</TableCell>
            <TableCell>{t('approvals.columns.status')}</TableCell>
            <TableCell>{t('approvals.columns.level')}</TableCell>
            <TableCell>{t('approvals.columns.timeout')}</TableCell>
            <TableCell>{t('approvals.columns.date')}</TableCell>
            <TableCell>{t('approvals.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => {
            const expanded = open === item.id;
            const waiting = item.status === 'pending' || item.status === 'delegated';
            return (
              <Fragment key={item.id}>
                <TableRow hover data-testid={`approval-row-${item.id}`} data-status={item.status}>
                  <TableCell padding="checkbox">
                    <IconButton
                      size="small"
                      aria-expanded={expanded}
                      aria-label={t('approvals.showHistory', { summary: item.summary })}
                      onClick={() => setOpen(expanded ? null : item.id)}
                    >
                      {expanded ? <ExpandLess /> : <ExpandMore />}
                    </IconButton>
                  </TableCell>
                  <TableCell>{t(`approvals.types.${item.type}`)}</TableCell>
                  <TableCell>
                    <Typography variant="body2">{item.summary}</Typography>
                    {item.companyName && (
                      <Typography variant="caption" color="text.secondary">
                        {item.companyName}
                        {item.projectId && ` · ${t('approvals.project', { id: item.projectId })}`}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{item.requestorName ?? '—'}</TableCell>
                  <TableCell align="right">{item.credits ? formatNumber(BigInt(item.credits), language) : '—'}</TableCell>
                  <TableCell>
                    <Chip size="small" {...PRIORITY_CHIPS[item.priority]} label={t(`approvals.priority.${item.priority}`)} />
                  </TableCell>
                  <TableCell>
                    <Chip size="small" {...STATUS_CHIPS[item.status]} label={t(`approvals.status.${item.status}`)} />
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{t('approvals.levelOf', { level: item.level, total: item.totalLevels })}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {item.assignedToName
                        ? t('approvals.delegatedTo', { name: item.assignedToName })
                        : t(`roles.${item.approverRole}`, { defaultValue: item.approverRole })}
                      {item.escalations > 0 && ` · ${t('approvals.escalated')}`}
                    </Typography>
                  </TableCell>
                  <TableCell>{waiting ? formatDateTime(item.timeoutAt, language) : '—'}</TableCell>
                  <TableCell>{formatDateTime(item.createdAt, language)}</TableCell>
                  <TableCell>
                    {item.canDecide ? (
                      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                        <Button size="small" variant="contained" onClick={() => onDecide(item, 'approve')}>
                          {t('approvals.actions.approve')}
                        </Button>
                        <Button size="small" color="error" variant="outlined" onClick={() => onDecide(item, 'reject')}>
                          {t('approvals.actions.reject')}
                        </Button>
                        <Button size="small" onClick={() => onDecide(item, 'delegate')}>
                          {t('approvals.actions.delegate')}
                        </Button>
                      </Box>
                    ) : (
                      waiting && (
                        <Typography variant="caption" color="text.secondary">
                          {t('approvals.awaitingOthers')}
                        </Typography>
                      )
                    )}
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={11} sx={{ py: 0, borderBottom: expanded ? undefined : 'none' }}>
                    <Collapse in={expanded} unmountOnExit>
                      <History workflow={item} />
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
