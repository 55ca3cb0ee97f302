import ContentCopy from '@mui/icons-material/ContentCopy';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useEmbeddedChain } from '../../../lib/embedded-chain';
import { useCopy } from './CompanyMints';

/**
 * Which network a wallet must look at: devnet, or on the embedded chain this server's own
 * JSON-RPC endpoint `<origin>/rpc`, which the Solana Explorer reads as a custom cluster (docs/chain.md).
 */
export function NetworkFacts() {
  const { t } = useTranslation();
  const embedded = useEmbeddedChain();
  const copy = useCopy();
  if (!embedded) return <Alert severity="info">{t('help.phantom.networkCluster')}</Alert>;
  const rpcUrl = `${window.location.origin}/rpc`;
  const explorerUrl = `https://explorer.solana.com/?cluster=custom&customUrl=${encodeURIComponent(rpcUrl)}`;
  return (
    <Alert severity="info">
      <Typography variant="body2">{t('help.phantom.networkEmbedded')}</Typography>
      <Typography component="code" sx={{ fontFamily: 'monospace', display: 'block', my: 1, wordBreak: 'break-all' }}>
        {rpcUrl}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" startIcon={<ContentCopy />} onClick={() => void copy(rpcUrl, t('help.phantom.rpcCopied'))}>
          {t('help.phantom.copyRpc')}
        </Button>
        <Button size="small" href={explorerUrl} target="_blank" rel="noopener" endIcon={<OpenInNew />}>
          {t('help.phantom.openExplorer')}
        </Button>
      </Box>
    </Alert>
  );
}
