import { auditTexts, type AuditVerification } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';

/** The verifier's reasons are English texts of the contracts; each has its translation. */
function reasonKey(reason: string): string {
  if (reason === auditTexts.brokenLink.prevHash) return 'auditTrail.verify.reasons.prevHash';
  if (reason === auditTexts.brokenLink.altered) return 'auditTrail.verify.reasons.altered';
  return 'auditTrail.verify.reasons.missingTail';
}

/** docs/audit.md "The verifier": chain intact, or the first broken link and what the anchors say. Platform administrators run it. */
export function ChainVerificationCard({ verification, allowed }: { verification: UseQueryResult<AuditVerification, Error>; allowed: boolean }) {
  const { t } = useTranslation();
  if (!allowed)
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('auditTrail.verify.administratorsOnly')}
      </Alert>
    );
  const again = (
    <Button color="inherit" size="small" onClick={() => void verification.refetch()} disabled={verification.isFetching}>
      {t('auditTrail.verify.again')}
    </Button>
  );
  if (verification.isPending)
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('auditTrail.verify.running')}
      </Alert>
    );
  if (verification.isError)
    return (
      <Alert severity="warning" sx={{ mb: 2 }} action={again}>
        {t('auditTrail.verify.failed')} {translateMessage(t, verification.error.message)}
      </Alert>
    );
  const report = verification.data;
  const verified = report.anchors.filter((anchor) => anchor.status === 'verified').length;
  return (
    <Alert severity={report.valid ? 'success' : 'error'} sx={{ mb: 2 }} action={again} data-testid="chain-verification">
      <AlertTitle>{report.valid ? t('auditTrail.verify.intact') : t('auditTrail.verify.tampered')}</AlertTitle>
      <Typography variant="body2">
        {t('auditTrail.verify.summary', { entries: report.entries, head: report.head?.entryId ?? '—', verified, anchors: report.anchors.length })}
      </Typography>
      {report.brokenLink && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('auditTrail.verify.brokenLink', { entry: report.brokenLink.entryId, reason: t(reasonKey(report.brokenLink.reason)) })}
        </Typography>
      )}
      {report.missingTail && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('auditTrail.verify.missingTail', { entry: report.missingTail.anchoredEntryId, count: report.missingTail.anchoredEntryCount })}
        </Typography>
      )}
      {report.anchors
        .filter((anchor) => anchor.status !== 'verified')
        .map((anchor) => (
          <Typography key={anchor.signature} variant="body2" sx={{ mt: 0.5 }}>
            {t('auditTrail.verify.anchorProblem', { entry: anchor.entryId, status: t(`auditTrail.verify.anchorStatus.${anchor.status}`) })}
          </Typography>
        ))}
    </Alert>
  );
}
