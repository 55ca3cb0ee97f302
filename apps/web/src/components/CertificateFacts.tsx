import type { PublicCertificate } from '@carbonledger/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTokenAmount } from '../lib/chain-format';
import { formatDateTime, formatRetirementLocation } from '../lib/format';
import { currentLanguage } from '../lib/i18n';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ExplorerLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      sx={{ fontFamily: 'monospace', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      {children}
      <OpenInNew fontSize="inherit" aria-hidden />
    </Link>
  );
}

/**
 * docs/product.md §3 Certificate facts with their chain references, as the signed-in viewer and the
 * public verification page show them; the beneficiary is given only where it may be shown.
 */
export function CertificateFacts({ certificate, beneficiary, testId }: { certificate: PublicCertificate; beneficiary?: string; testId?: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Box component="dl" data-testid={testId} sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      <Fact label={t('certificates.fields.number')}>{certificate.number}</Fact>
      <Fact label={t('certificates.fields.amount')}>{t('certificates.tonnes', { amount: formatTokenAmount(certificate.amount, certificate.decimals) })}</Fact>
      <Fact label={t('certificates.fields.date')}>{formatDateTime(certificate.date, language)}</Fact>
      {beneficiary !== undefined && <Fact label={t('certificates.fields.beneficiary')}>{beneficiary}</Fact>}
      <Fact label={t('certificates.fields.reason')}>{t(`retirements.reasons.${certificate.reason}`)}</Fact>
      <Fact label={t('certificates.fields.projectName')}>{certificate.projectName}</Fact>
      <Fact label={t('certificates.fields.developer')}>{certificate.developer}</Fact>
      <Fact label={t('certificates.fields.location')}>{certificate.location}</Fact>
      <Fact label={t('certificates.fields.methodology')}>{certificate.methodology}</Fact>
      <Fact label={t('certificates.fields.standard')}>{certificate.standard}</Fact>
      <Fact label={t('certificates.fields.vintage')}>{certificate.vintage}</Fact>
      <Fact label={t('certificates.fields.retiredFor')}>{formatRetirementLocation(certificate.country, certificate.subdivision, language)}</Fact>
      <Fact label={t('certificates.fields.transactionHash')}>
        <ExplorerLink href={certificate.explorer.transaction} label={t('certificates.viewer.transactionInExplorer', { hash: certificate.transactionHash })}>
          {certificate.transactionHash}
        </ExplorerLink>
      </Fact>
      <Fact label={t('certificates.fields.certificateMint')}>
        <ExplorerLink href={certificate.explorer.certificateMint} label={t('certificates.viewer.mintInExplorer', { mint: certificate.certificateMint })}>
          {certificate.certificateMint}
        </ExplorerLink>
      </Fact>
    </Box>
  );
}
