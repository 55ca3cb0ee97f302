import { checklistItemsFor, kycRiskLevelSchema, type KycChecklist, type KycReviewCase, type KycRiskLevel } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../lib/toast';
import { useSaveAssessment } from '../api/save-assessment';
import { reviewFailureText } from '../kyc-review-errors';

/** The officer's assessment: risk level, score 0–100, the checklist for the case's type, internal notes. */
export function AssessmentForm({ kycCase, editable }: { kycCase: KycReviewCase; editable: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveAssessment();
  const [riskLevel, setRiskLevel] = useState<KycRiskLevel | ''>(kycCase.riskLevel ?? '');
  const [score, setScore] = useState(kycCase.score === null ? '' : String(kycCase.score));
  const [checklist, setChecklist] = useState<KycChecklist>(kycCase.checklist);
  const [notes, setNotes] = useState(kycCase.reviewNotes ?? '');
  const scoreValue = score.trim() === '' ? null : Number(score);
  const scoreInvalid = scoreValue !== null && (!Number.isInteger(scoreValue) || scoreValue < 0 || scoreValue > 100);

  const submit = () =>
    save.mutate(
      { id: kycCase.id, riskLevel: riskLevel || null, score: scoreValue, checklist, reviewNotes: notes.trim() || null },
      {
        onSuccess: () => enqueueSnackbar(t('kycReviews.assessmentSaved'), { variant: 'success' }),
        onError: (error) => enqueueSnackbar(reviewFailureText(t, error), { variant: 'error' }),
      },
    );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          label={t('kycReviews.riskLevel')}
          value={riskLevel}
          disabled={!editable}
          onChange={(event) => setRiskLevel(event.target.value as KycRiskLevel)}
        >
          {kycRiskLevelSchema.options.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`kycReviews.risk.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('kycReviews.score')}
          type="number"
          value={score}
          disabled={!editable}
          error={scoreInvalid}
          helperText={scoreInvalid ? t('kycReviews.scoreInvalid') : t('kycReviews.scoreHint')}
          onChange={(event) => setScore(event.target.value)}
          slotProps={{ htmlInput: { min: 0, max: 100, step: 1 } }}
        />
      </Box>
      <Box>
        <Typography variant="subtitle2">{t('kycReviews.checklist')}</Typography>
        <FormGroup>
          {checklistItemsFor(kycCase.subjectType).map((item) => (
            <FormControlLabel
              key={item}
              control={
                <Checkbox
                  checked={checklist[item] === true}
                  disabled={!editable}
                  onChange={(event) => setChecklist({ ...checklist, [item]: event.target.checked })}
                />
              }
              label={t(`kycReviews.checklistItems.${item}`)}
            />
          ))}
        </FormGroup>
      </Box>
      <TextField
        label={t('kycReviews.notes')}
        multiline
        minRows={3}
        value={notes}
        disabled={!editable}
        onChange={(event) => setNotes(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
      />
      {editable && (
        <Box>
          <Button variant="outlined" onClick={submit} disabled={save.isPending || scoreInvalid}>
            {t('kycReviews.saveAssessment')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
