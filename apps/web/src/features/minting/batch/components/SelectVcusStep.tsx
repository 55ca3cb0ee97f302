import type { Vcu } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
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
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import { ALL, filterOptions, filterVcus, summariseBatch, type VcuFilters } from '../batch-selection';

/** The filters' "All …" entries have the empty value: show them instead of an empty field. */
const SHOW_ALL = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

interface SelectVcusStepProps {
  vcus: readonly Vcu[] | undefined;
  loading: boolean;
  failed: boolean;
  selected: ReadonlySet<string>;
  onSelect: (ids: readonly string[], selected: boolean) => void;
  filters: VcuFilters;
  onFilters: (filters: VcuFilters) => void;
  onNext: () => void;
}

/** Step 1: the company's available VCU blocks, filtered by project and vintage, with select-all. */
export function SelectVcusStep({ vcus, loading, failed, selected, onSelect, filters, onFilters, onNext }: SelectVcusStepProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (failed) return <Alert severity="error">{t('batchMinting.errorLoadingVcus')}</Alert>;
  if (loading || !vcus) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('batchMinting.loadingVcus')} />
      </Box>
    );
  }
  if (vcus.length === 0) {
    return (
      <Alert severity="info">
        {t('batchMinting.noVcus')} <RouterLink to="/carbon-projects">{t('batchMinting.importLink')}</RouterLink>
      </Alert>
    );
  }
  const options = filterOptions(vcus);
  const shown = filterVcus(vcus, filters).filter((vcu): vcu is Vcu & { id: string } => vcu.id !== null);
  const shownSelected = shown.filter((vcu) => selected.has(vcu.id)).length;
  const selection = summariseBatch(vcus.filter((vcu) => vcu.id !== null && selected.has(vcu.id)));
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('batchMinting.filters.project')}
          value={filters.projectId}
          onChange={(event) => onFilters({ ...filters, projectId: event.target.value })}
          slotProps={SHOW_ALL}
          sx={{ minWidth: 260 }}
        >
          <MenuItem value={ALL}>{t('batchMinting.filters.allProjects')}</MenuItem>
          {options.projects.map((project) => (
            <MenuItem key={project.id} value={project.id}>
              {project.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('batchMinting.filters.vintage')}
          value={filters.vintage}
          onChange={(event) => onFilters({ ...filters, vintage: event.target.value })}
          slotProps={SHOW_ALL}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value={ALL}>{t('batchMinting.filters.allVintages')}</MenuItem>
          {options.vintages.map((vintage) => (
            <MenuItem key={vintage} value={vintage}>
              {vintage}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <TableContainer sx={{ maxHeight: 480 }}>
        <Table size="small" stickyHeader aria-label={t('batchMinting.vcuTable')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={shown.length > 0 && shownSelected === shown.length}
                  indeterminate={shownSelected > 0 && shownSelected < shown.length}
                  onChange={(event) =>
                    onSelect(
                      shown.map((vcu) => vcu.id),
                      event.target.checked,
                    )
                  }
                  slotProps={{ input: { 'aria-label': t('batchMinting.selectAll') } }}
                />
              </TableCell>
              <TableCell>{t('batchMinting.columns.serialNumber')}</TableCell>
              <TableCell>{t('batchMinting.columns.project')}</TableCell>
              <TableCell>{t('batchMinting.columns.vintage')}</TableCell>
              <TableCell align="right">{t('batchMinting.columns.amount')}</TableCell>
              <TableCell>{t('batchMinting.columns.status')}</TableCell>
              <TableCell>{t('batchMinting.columns.verification')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((vcu) => (
              <TableRow key={vcu.id} hover selected={selected.has(vcu.id)} data-testid="vcu-row">
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.has(vcu.id)}
                    onChange={(event) => onSelect([vcu.id], event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('batchMinting.selectVcu', { serial: vcu.serialNumber }) } }}
                  />
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>{vcu.serialNumber}</TableCell>
                <TableCell>{vcu.projectName}</TableCell>
                <TableCell>{vcu.vintage}</TableCell>
                <TableCell align="right">{formatNumber(BigInt(vcu.amount), language)}</TableCell>
                <TableCell>{t(`batchMinting.vcuStatus.${vcu.status}`)}</TableCell>
                <TableCell>{t('batchMinting.verifiedBy', { verifier: vcu.verification.verifier })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 2, flexWrap: 'wrap' }}>
        <Typography data-testid="selection-summary">
          {t('batchMinting.selectionSummary', { count: selection.count, total: formatNumber(selection.total, language) })}
        </Typography>
        <Button variant="contained" disabled={selection.count === 0} onClick={onNext}>
          {t('batchMinting.reviewAction')}
        </Button>
      </Box>
    </Box>
  );
}
