import type { Vcu } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { mintPathFor } from './ProjectCard';

/** What was imported and where to mint it: the batch flow lists imported VCUs, the wizard mints from a project. */
export function ImportedVcuNotice({ vcu }: { vcu: Vcu }) {
  const { t } = useTranslation();
  return (
    <Alert severity="success" role="status">
      {t('projects.import.done', { amount: formatNumber(BigInt(vcu.amount), currentLanguage()) })}
      <Box component="span" sx={{ display: 'block', wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12, my: 0.5 }}>
        {vcu.serialNumber}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button component={RouterLink} to="/minting" size="small" variant="outlined" color="inherit">
          {t('projects.import.mintBatch')}
        </Button>
        <Button component={RouterLink} to={mintPathFor(vcu.projectId)} size="small" variant="outlined" color="inherit">
          {t('projects.import.mintWizard')}
        </Button>
      </Box>
    </Alert>
  );
}
