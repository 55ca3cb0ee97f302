import type { Optimisation } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useOptimisation } from '../api/optimisation';
import { WidgetCard } from './WidgetCard';

const DEFAULT_TARGET = 100;

/** The retirement form opened prefilled with one suggestion (holding = mint:wallet, amount in tCO2e). */
export const retirementLink = (suggestion: Optimisation['suggestions'][number]) =>
  `/retirements?${new URLSearchParams({ holding: `${suggestion.mint}:${suggestion.walletAddress}`, amount: suggestion.quantity }).toString()}`;

/** docs/product.md §2 portfolio optimisation: retire-first suggestions against a target by the stated rule; a suggestion opens the retirement form, nothing runs here. */
export function OptimisationWidget({ canRetire }: { canRetire: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [target, setTarget] = useState(DEFAULT_TARGET);
  const [draft, setDraft] = useState(String(DEFAULT_TARGET));
  const plan = useOptimisation(target);
  const draftValid = /^[1-9]\d{0,8}$/.test(draft.trim());
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draftValid) setTarget(Number(draft.trim()));
  };
  const data = plan.data;
  const age = (value: number | null) => (value === null ? '—' : formatNumber(value, language));
  return (
    <WidgetCard id="optimisation" title={t('market.optimisation.title')} loading={plan.isPending} failed={plan.isError} empty={!data}>
      <Box component="form" onSubmit={apply} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1 }}>
        <TextField
          size="small"
          label={t('market.optimisation.target')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={!draftValid}
          helperText={draftValid ? undefined : t('market.optimisation.targetRule')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Button type="submit" variant="outlined" disabled={!draftValid}>
          {t('market.optimisation.apply')}
        </Button>
      </Box>
      {data && (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('market.optimisation.rule')}
          </Typography>
          <Typography variant="body2" data-testid="market-optimisation-summary">
            {t('market.optimisation.summary', { covered: data.covered, target: data.target, shortfall: data.shortfall, excluded: data.excluded })}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('market.optimisation.tradeOffs', {
              shareBefore: formatNumber(data.largestTypeShareBefore, language),
              shareAfter: formatNumber(data.largestTypeShareAfter, language),
              ageBefore: age(data.averageVintageAgeBefore),
              ageAfter: age(data.averageVintageAgeAfter),
            })}
          </Typography>
          {data.suggestions.length === 0 ? (
            <Typography color="text.secondary">{t('market.optimisation.none')}</Typography>
          ) : (
            <Table size="small" aria-label={t('market.optimisation.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('market.optimisation.project')}</TableCell>
                  <TableCell>{t('market.optimisation.vintage')}</TableCell>
                  <TableCell align="right">{t('market.optimisation.quantity')}</TableCell>
                  <TableCell align="right">{t('market.optimisation.typeShare')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.suggestions.map((suggestion) => (
                  <TableRow key={`${suggestion.mint}:${suggestion.walletAddress}`}>
                    <TableCell>{suggestion.projectName ?? suggestion.symbol}</TableCell>
                    <TableCell>{suggestion.vintage ?? '—'}</TableCell>
                    <TableCell align="right">{suggestion.quantity}</TableCell>
                    <TableCell align="right">
                      {formatNumber(suggestion.typeShareBefore, language)} % → {formatNumber(suggestion.typeShareAfter, language)} %
                    </TableCell>
                    <TableCell align="right">
                      {canRetire && (
                        <Button size="small" component={RouterLink} to={retirementLink(suggestion)}>
                          {t('market.optimisation.retire')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Box>
      )}
    </WidgetCard>
  );
}
