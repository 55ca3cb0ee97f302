import { hasPermission } from '@carbonledger/contracts';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useAuthStore } from '../../lib/auth-store';
import { BatchMinting } from './batch/components/BatchMinting';
import { MintingJobsTable } from './batch/components/MintingJobsTable';
import { useLiveMintingJobs } from './batch/live-jobs';

/** /minting: the entry to the Advanced mint wizard, Batch VCU minting and the minting-jobs table (docs/product.md §2). */
export default function MintingPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { jobs, status } = useLiveMintingJobs();
  const canMint = useAuthStore((state) => hasPermission(state.session?.permissions ?? [], 'tokens:mint'));
  return (
    <Box>
      <PageHeader
        title={name}
        subtitle={t('batchMinting.subtitle')}
        actions={
          <Button component={RouterLink} to="/minting/advanced" variant="outlined" startIcon={<AutoAwesomeOutlined />}>
            {t('batchMinting.advancedWizard')}
          </Button>
        }
      />
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('batchMinting.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('batchMinting.intro')}
          </Typography>
          {canMint ? <BatchMinting jobs={jobs.data} /> : <Alert severity="info">{t('batchMinting.cannotMint')}</Alert>}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('batchMinting.jobs.title')}
          </Typography>
          <MintingJobsTable jobs={jobs.data} failed={jobs.isError} reconnecting={status === 'error'} />
        </CardContent>
      </Card>
    </Box>
  );
}
