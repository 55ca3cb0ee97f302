import { REGISTRY_NAMES, type Vcu } from '@carbonledger/contracts';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import TokenOutlined from '@mui/icons-material/TokenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSnackbar } from '../../../lib/toast';
import { useImportVcu } from '../api/import-vcu';
import { useProjectDetail } from '../api/project-detail';
import { useProjectVcus } from '../../../lib/project-vcus';
import { importFailureText, translateImportMessage } from '../import-messages';
import { ImportedVcuNotice } from './ImportedVcuNotice';
import { ImportVcuDialog } from './ImportVcuDialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { mintPathFor } from './ProjectCard';
import { ProjectLocation } from './ProjectLocation';

/** Filled chips only in colours whose text passes WCAG contrast; the warning orange takes black text. */
const VCU_STATUS_CHIP: Record<Vcu['status'], Pick<ChipProps, 'color' | 'variant' | 'sx'>> = {
  not_imported: { color: 'success' },
  unavailable: { variant: 'outlined' },
  available: { color: 'primary' },
  reserved: { color: 'warning', sx: { color: 'common.black' } },
  tokenised: { color: 'default' },
  retired: { variant: 'outlined' },
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** A project with everything the registry says about it and its VCU blocks as this company sees them. */
export function ProjectDetailDialog({
  projectId,
  canMint,
  onClose,
  onBuy,
}: {
  projectId: string | null;
  canMint: boolean;
  onClose: () => void;
  /** Opens the purchase dialog for the project (docs/product.md §2 "purchase action"); absent for readers who may not buy. */
  onBuy?: (project: { id: string; name: string }) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const detail = useProjectDetail(projectId);
  const vcus = useProjectVcus(projectId);
  const project = detail.data;
  const amount = (value: string) => formatNumber(BigInt(value), language);
  const { enqueueSnackbar } = useSnackbar();
  const importing = useImportVcu();
  const [imported, setImported] = useState<Vcu | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  // Importing locks the range in the registry for the company for good: the row asks first.
  const [confirmingImport, setConfirmingImport] = useState<Vcu | null>(null);

  const importBlock = (serialNumber: string) =>
    importing.mutate(
      { serialNumber },
      {
        onSuccess: (outcome) => {
          enqueueSnackbar(translateImportMessage(t, outcome.message), { variant: 'success' });
          setImported(outcome.vcu);
        },
        onError: (error) => enqueueSnackbar(importFailureText(t, error), { variant: 'error' }),
      },
    );

  return (
    <>
      <Dialog open={projectId !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="project-detail-title">
        <DialogTitle id="project-detail-title">{project ? project.name : t('projects.detail.title')}</DialogTitle>
        {/* The content scrolls (a project has dozens of VCU blocks), so keyboard users must be able to focus it to scroll. */}
        <DialogContent dividers tabIndex={0}>
          {detail.isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ mb: 2 }} />}
          {detail.isError && <Alert severity="error">{t('projects.loadFailed')}</Alert>}
          {project && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
              <Typography variant="body2">{project.description}</Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
                <Field label={t('projects.detail.id')}>
                  {project.standard} {project.id}
                </Field>
                <Field label={t('projects.detail.registry')}>{REGISTRY_NAMES[project.registry]}</Field>
                <Field label={t('projects.detail.developer')}>{project.developer}</Field>
                <Field label={t('projects.detail.location')}>
                  <ProjectLocation project={project} />
                </Field>
                <Field label={t('projects.type')}>
                  {t(`projects.types.${project.type}`)} · {project.technology}
                </Field>
                <Field label={t('projects.methodology')}>
                  {project.methodology} · {project.methodologyName}
                </Field>
                <Field label={t('projects.detail.sectoralScope')}>{project.sectoralScope}</Field>
                <Field label={t('projects.detail.vintages')}>{project.vintages.join(', ')}</Field>
                <Field label={t('projects.credits.total')}>{amount(project.totalCredits)}</Field>
                <Field label={t('projects.credits.available')}>{amount(project.availableCredits)}</Field>
                <Field label={t('projects.credits.retired')}>{amount(project.retiredCredits)}</Field>
              </Box>
              <Box>
                <Typography variant="subtitle1" component="h3" gutterBottom>
                  {t('projects.coBenefits')}
                </Typography>
                <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
                  {project.coBenefits.map((benefit) => (
                    <li key={benefit}>
                      <Chip size="small" variant="outlined" label={benefit} />
                    </li>
                  ))}
                </Box>
              </Box>
              <Box>
                <Typography variant="subtitle1" component="h3" gutterBottom>
                  {t('projects.detail.vcus')}
                </Typography>
                {vcus.isError && <Alert severity="error">{t('projects.loadVcusFailed')}</Alert>}
                {vcus.isPending && <LinearProgress aria-label={t('common.loading')} />}
                {imported && imported.projectId === projectId && (
                  <Box sx={{ mb: 2 }}>
                    <ImportedVcuNotice vcu={imported} />
                  </Box>
                )}
                {vcus.data && vcus.data.length === 0 && <Alert severity="info">{t('projects.detail.noVcus')}</Alert>}
                {vcus.data && vcus.data.length > 0 && (
                  <Table size="small" stickyHeader aria-label={t('projects.detail.vcus')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('projects.detail.serial')}</TableCell>
                        <TableCell>{t('projects.vintage')}</TableCell>
                        <TableCell align="right">{t('projects.detail.amount')}</TableCell>
                        <TableCell>{t('projects.detail.status')}</TableCell>
                        <TableCell>{t('projects.detail.verification')}</TableCell>
                        {canMint && <TableCell>{t('projects.detail.actions')}</TableCell>}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {vcus.data.map((vcu) => (
                        <TableRow key={vcu.serialNumber}>
                          <TableCell sx={{ wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12 }}>{vcu.serialNumber}</TableCell>
                          <TableCell>{vcu.vintage}</TableCell>
                          <TableCell align="right">{amount(vcu.amount)}</TableCell>
                          <TableCell>
                            <Chip size="small" {...VCU_STATUS_CHIP[vcu.status]} label={t(`projects.vcuStatus.${vcu.status}`)} />
                          </TableCell>
                          <TableCell>
                            {vcu.verification.verifier}
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                              {vcu.verification.issuanceDate}
                            </Typography>
                          </TableCell>
                          {canMint && (
                            <TableCell>
                              {vcu.status === 'not_imported' && (
                                <Button
                                  size="small"
                                  variant="outlined"
                                  disabled={importing.isPending}
                                  onClick={() => setConfirmingImport(vcu)}
                                  aria-label={t('projects.import.actionFor', { serial: vcu.serialNumber })}
                                >
                                  {importing.isPending && importing.variables.serialNumber === vcu.serialNumber
                                    ? t('projects.import.importing')
                                    : t('projects.import.action')}
                                </Button>
                              )}
                            </TableCell>
                          )}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </Box>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          {project && canMint && (
            <Button onClick={() => setImportOpen(true)} startIcon={<FileDownloadOutlined />}>
              {t('projects.import.open')}
            </Button>
          )}
          {project && onBuy && (
            <Button onClick={() => onBuy({ id: project.id, name: project.name })} startIcon={<ShoppingCartOutlined />}>
              {t('purchases.buy')}
            </Button>
          )}
          {project && canMint && (
            <Button component={RouterLink} to={mintPathFor(project.id)} startIcon={<TokenOutlined />}>
              {t('projects.mint')}
            </Button>
          )}
          <Button onClick={onClose} variant="contained">
            {t('projects.detail.close')}
          </Button>
        </DialogActions>
      </Dialog>
      {canMint && <ImportVcuDialog open={importOpen} onClose={() => setImportOpen(false)} />}
      <ConfirmDialog
        confirmation={
          confirmingImport && {
            title: t('projects.import.confirmTitle'),
            consequence: t('projects.import.confirm', {
              amount: amount(confirmingImport.amount),
              project: confirmingImport.projectName,
              serial: confirmingImport.serialNumber,
            }),
            confirmLabel: t('projects.import.confirmAction'),
            color: 'primary',
          }
        }
        onCancel={() => setConfirmingImport(null)}
        onConfirm={() => {
          if (confirmingImport) importBlock(confirmingImport.serialNumber);
          setConfirmingImport(null);
        }}
      />
    </>
  );
}
