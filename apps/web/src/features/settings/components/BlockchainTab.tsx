import { type BlockchainSettings } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSol } from '../../../lib/chain-format';
import { useSnackbar } from '../../../lib/toast';
import { useBlockchainSettings } from '../api/blockchain-settings';
import { useUpdateBlockchainSettings } from '../api/update-blockchain-settings';
import { lamportsToSol, solToLamports } from './blockchain-form';
import { MintingSettingsCard } from './MintingSettingsCard';
import { PriorityFeeCard } from './PriorityFeeCard';

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 200 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Cluster, endpoint, explorer and commitment: the deployment's configuration, shown read-only. */
function NetworkCard({ network }: { network: BlockchainSettings['network'] }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6">{t('settings.blockchain.network.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('settings.blockchain.network.configured')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
          <Fact label={t('settings.blockchain.network.cluster')} value={network.cluster} />
          <Fact
            label={t('settings.blockchain.network.rpc')}
            value={t(network.rpcConfigured ? 'settings.blockchain.network.rpcConfigured' : 'settings.blockchain.network.rpcEmbedded')}
          />
          <Fact label={t('settings.blockchain.network.explorer')} value={network.explorerUrl} />
          <Fact label={t('settings.blockchain.network.commitment')} value={network.commitment} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The platform keys that pay fees, their balances, and the threshold below which a security alert is raised. */
function PlatformKeysCard({ settings }: { settings: BlockchainSettings }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateBlockchainSettings();
  const [threshold, setThreshold] = useState(() => lamportsToSol(settings.lowBalanceThresholdLamports));
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const lamports = solToLamports(threshold);
    if (lamports === null) return setError(t('settings.blockchain.keys.thresholdInvalid'));
    setError(null);
    update.mutate(
      { lowBalanceThresholdLamports: lamports },
      {
        onSuccess: () => enqueueSnackbar(t('settings.blockchain.saved'), { variant: 'success' }),
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('settings.blockchain.keys.title')}
        </Typography>
        <Table size="small" aria-label={t('settings.blockchain.keys.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('settings.blockchain.keys.role')}</TableCell>
              <TableCell>{t('settings.blockchain.keys.address')}</TableCell>
              <TableCell align="right">{t('settings.blockchain.keys.balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {settings.platformKeys.map((key) => (
              <TableRow key={key.role}>
                <TableCell>{t(`settings.blockchain.keys.roles.${key.role}`)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  <Link href={`${settings.network.explorerUrl}/address/${key.address}`} target="_blank" rel="noopener noreferrer">
                    {key.address}
                  </Link>
                </TableCell>
                <TableCell align="right">
                  {key.balance === null ? t('settings.blockchain.keys.unknown') : formatSol(key.balance)}
                  {key.low && <Chip size="small" color="warning" label={t('settings.blockchain.keys.low')} sx={{ ml: 1 }} />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mt: 2, flexWrap: 'wrap' }}>
          <TextField
            label={t('settings.blockchain.keys.threshold')}
            value={threshold}
            onChange={(event) => setThreshold(event.target.value)}
            error={error !== null}
            helperText={error ?? t('settings.blockchain.keys.thresholdHelp')}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
            size="small"
          />
          <Button type="submit" variant="outlined" loading={update.isPending}>
            {t('settings.blockchain.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** docs/product.md §2 Settings → Blockchain, for holders of settings:blockchain (SettingsPage decides). */
export function BlockchainTab() {
  const { t } = useTranslation();
  const settings = useBlockchainSettings();

  if (settings.isPending) return <Skeleton variant="rounded" height={320} aria-label={t('settings.blockchain.loading')} />;
  if (settings.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
            {t('settings.blockchain.retry')}
          </Button>
        }
      >
        {t('settings.blockchain.loadFailed')}
      </Alert>
    );
  return (
    <Stack spacing={3}>
      <NetworkCard network={settings.data.network} />
      <PriorityFeeCard key={`fee-${settings.data.updatedAt ?? ''}`} settings={settings.data} />
      <PlatformKeysCard key={`keys-${settings.data.lowBalanceThresholdLamports}`} settings={settings.data} />
      <MintingSettingsCard />
    </Stack>
  );
}
