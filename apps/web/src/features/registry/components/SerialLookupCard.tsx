import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSerialLookup } from '../api/lookup-serial';
import { registryMessage } from '../registry-messages';

/** Serial-number lookup: who holds a range, in the registry and on this platform. */
export function SerialLookupCard() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [draft, setDraft] = useState('');
  const [serial, setSerial] = useState('');
  const lookup = useSerialLookup(serial);
  const fieldErrors = lookup.error instanceof ApiError ? lookup.error.fields?.serialNumber : undefined;
  const result = lookup.data;

  return (
    <Card variant="outlined">
      <CardHeader title={t('registry.lookup.title')} />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box
          component="form"
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}
          onSubmit={(event) => {
            event.preventDefault();
            setSerial(draft.trim());
          }}
        >
          <TextField
            fullWidth
            size="small"
            label={t('registry.lookup.serial')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            error={Boolean(fieldErrors)}
            helperText={fieldErrors?.join(' ') ?? t('registry.lookup.hint')}
            slotProps={{ htmlInput: { maxLength: 200, spellCheck: false } }}
          />
          <Button type="submit" variant="outlined" startIcon={<SearchOutlined />} disabled={draft.trim() === ''}>
            {t('registry.lookup.search')}
          </Button>
        </Box>
        {lookup.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {lookup.isError && !fieldErrors && <Alert severity="error">{registryMessage(t, lookup.error.message)}</Alert>}
        {result && (
          <Box aria-live="polite">
            <Typography sx={{ fontWeight: 600 }}>
              {result.projectName ?? t('registry.lookup.unknownProject')} ({result.projectId}) · {formatNumber(BigInt(result.units), language)} tCO2e ·{' '}
              {result.vintageStart} – {result.vintageEnd}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('registry.lookup.inRegistry')}{' '}
              {result.registryBlocks.length === 0
                ? t('registry.lookup.notIssued')
                : result.registryBlocks.map((block) => (
                    <Chip
                      key={block.serialNumber}
                      size="small"
                      sx={{ mr: 0.5 }}
                      label={`${formatNumber(BigInt(block.units), language)} · ${t(`registry.lookup.registryStatus.${block.status}`)}`}
                    />
                  ))}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('registry.lookup.onPlatform')}{' '}
              {result.holdings.length === 0
                ? t('registry.lookup.notHeld')
                : result.holdings.map((holding) => (
                    <Chip
                      key={holding.serialNumber}
                      size="small"
                      sx={{ mr: 0.5 }}
                      color={holding.ownCompany ? 'primary' : 'default'}
                      label={`${t(`registry.holdings.${holding.status}`)} · ${holding.ownCompany ? t('registry.lookup.yourCompany') : t('registry.lookup.otherCompany')}`}
                    />
                  ))}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
