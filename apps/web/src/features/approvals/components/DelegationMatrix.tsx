import { APPROVAL_MAX_LEVELS, APPROVAL_MAX_TIMEOUT_HOURS, APPROVER_ROLES, type ApproverRole, type DelegationMatrixEntry } from '@carbonledger/contracts';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSaveDelegationMatrix, type MatrixLevelInput } from '../api/save-delegation-matrix';
import { decisionFailureText } from '../approval-errors';

/** The levels as edited: limits must be whole tCO2e, ascending; timeouts 1–720 hours. */
function problemOf(levels: MatrixLevelInput[]): 'limit' | 'ascending' | 'timeout' | null {
  if (levels.some((level) => !/^(0|[1-9][0-9]{0,17})$/.test(level.limitTco2e))) return 'limit';
  if (levels.some((level, index) => index > 0 && BigInt(level.limitTco2e) <= BigInt(levels[index - 1]!.limitTco2e))) return 'ascending';
  if (levels.some((level) => !Number.isInteger(level.timeoutHours) || level.timeoutHours < 1 || level.timeoutHours > APPROVAL_MAX_TIMEOUT_HOURS))
    return 'timeout';
  return null;
}

const inputsOf = (entry: DelegationMatrixEntry): MatrixLevelInput[] =>
  entry.levels.map((level) => ({ limitTco2e: level.limitTco2e, approverRole: level.approverRole, timeoutHours: level.timeoutHours }));

/** One operation type's levels: read for officers, edited and saved as a new version by ADMIN and SUPER_ADMIN. */
function MatrixCard({ entry, editable }: { entry: DelegationMatrixEntry; editable: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [levels, setLevels] = useState(() => inputsOf(entry));
  const save = useSaveDelegationMatrix();
  const problem = problemOf(levels);
  const changed = JSON.stringify(levels) !== JSON.stringify(inputsOf(entry));
  const update = (index: number, change: Partial<MatrixLevelInput>) =>
    setLevels((current) => current.map((level, i) => (i === index ? { ...level, ...change } : level)));
  const title = t(`approvals.types.${entry.operationType}`);
  return (
    <Card variant="outlined" data-testid={`matrix-${entry.operationType}`}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {entry.version === 0
              ? t('approvals.matrix.defaults')
              : t('approvals.matrix.version', { version: entry.version, date: entry.updatedAt ? formatDateTime(entry.updatedAt, language) : '' })}
          </Typography>
        </Box>
        {levels.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('approvals.matrix.noLevels')}
          </Typography>
        ) : (
          <Table size="small" aria-label={t('approvals.matrix.levelsOf', { type: title })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('approvals.matrix.level')}</TableCell>
                <TableCell>{t('approvals.matrix.limit')}</TableCell>
                <TableCell>{t('approvals.matrix.role')}</TableCell>
                <TableCell>{t('approvals.matrix.timeout')}</TableCell>
                {editable && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {levels.map((level, index) => (
                <TableRow key={index}>
                  <TableCell>{index + 1}</TableCell>
                  <TableCell>
                    {editable ? (
                      <TextField
                        size="small"
                        value={level.limitTco2e}
                        onChange={(event) => update(index, { limitTco2e: event.target.value.trim() })}
                        slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('approvals.matrix.limitOf', { level: index + 1 }) } }}
                      />
                    ) : (
                      t('approvals.matrix.above', { limit: level.limitTco2e })
                    )}
                  </TableCell>
                  <TableCell>
                    {editable ? (
                      <TextField
                        select
                        size="small"
                        value={level.approverRole}
                        onChange={(event) => update(index, { approverRole: event.target.value as ApproverRole })}
                        slotProps={{ htmlInput: { 'aria-label': t('approvals.matrix.roleOf', { level: index + 1 }) } }}
                      >
                        {APPROVER_ROLES.map((role) => (
                          <MenuItem key={role} value={role}>
                            {t(`roles.${role}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    ) : (
                      t(`roles.${level.approverRole}`)
                    )}
                  </TableCell>
                  <TableCell>
                    {editable ? (
                      <TextField
                        size="small"
                        type="number"
                        value={level.timeoutHours}
                        onChange={(event) => update(index, { timeoutHours: Number(event.target.value) })}
                        slotProps={{
                          htmlInput: { min: 1, max: APPROVAL_MAX_TIMEOUT_HOURS, 'aria-label': t('approvals.matrix.timeoutOf', { level: index + 1 }) },
                        }}
                      />
                    ) : (
                      t('approvals.matrix.hours', { count: level.timeoutHours })
                    )}
                  </TableCell>
                  {editable && (
                    <TableCell padding="checkbox">
                      <IconButton
                        aria-label={t('approvals.matrix.remove', { level: index + 1 })}
                        onClick={() => setLevels((current) => current.filter((_, i) => i !== index))}
                      >
                        <Delete />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {editable && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button
              startIcon={<Add />}
              disabled={levels.length >= APPROVAL_MAX_LEVELS}
              onClick={() =>
                setLevels((current) => [
                  ...current,
                  {
                    limitTco2e: current.length ? (BigInt(current[current.length - 1]!.limitTco2e || '0') * 10n).toString() : '0',
                    approverRole: 'ADMIN',
                    timeoutHours: 48,
                  },
                ])
              }
            >
              {t('approvals.matrix.add')}
            </Button>
            <Button
              variant="contained"
              disabled={!changed || problem !== null || save.isPending}
              onClick={() => save.mutate({ operationType: entry.operationType, levels })}
            >
              {t('approvals.matrix.save')}
            </Button>
            {problem && (
              <Typography color="error" variant="body2">
                {t(`approvals.matrix.problems.${problem}`)}
              </Typography>
            )}
            {save.isSuccess && !changed && (
              <Typography variant="body2" color="success.main">
                {t('approvals.matrix.saved')}
              </Typography>
            )}
          </Box>
        )}
        {save.isError && <Alert severity="error">{decisionFailureText(t, save.error)}</Alert>}
      </CardContent>
    </Card>
  );
}

/** The Delegation Matrix tab (docs/product.md §6): per operation type, tCO2e limit, approver role and timeout per level. */
export function DelegationMatrix({ entries, editable }: { entries: DelegationMatrixEntry[]; editable: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t(editable ? 'approvals.matrix.introEditable' : 'approvals.matrix.intro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, 1fr)' } }}>
        {entries.map((entry) => (
          <MatrixCard key={`${entry.operationType}-${entry.version}`} entry={entry} editable={editable} />
        ))}
      </Box>
    </Box>
  );
}
