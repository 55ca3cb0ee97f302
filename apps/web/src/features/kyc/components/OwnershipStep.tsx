import { kycPartiesSchema, kycPartyRoleSchema, kycPartySchema, type KycCase, type KycParty, type SaveKycCaseRequest } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkStep, compact, type FieldErrors, type FormValues } from '../kyc-form';
import { FieldGrid, type FieldSpec } from './FieldGrid';

const PARTY_FIELDS: FieldSpec[] = [
  { name: 'fullName', required: true },
  { name: 'nationality', required: true, helpKey: 'kyc.hints.country' },
  { name: 'ownershipPercent', type: 'number' },
  { name: 'dateOfBirth', type: 'date' },
];
const EMPTY: FormValues = { fullName: '', nationality: '', ownershipPercent: '', dateOfBirth: '' };

/** A business's beneficial owners, directors and legal representatives: added one by one, saved together. */
export function OwnershipStep({
  kycCase,
  editable,
  saving,
  onSave,
  onBack,
}: {
  kycCase: KycCase;
  editable: boolean;
  saving: boolean;
  onSave: (body: SaveKycCaseRequest) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [parties, setParties] = useState<KycParty[]>(kycCase.parties);
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [role, setRole] = useState<KycParty['role']>('beneficial_owner');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [listError, setListError] = useState<string | null>(null);

  const add = () => {
    const { ownershipPercent, ...rest } = compact(values);
    const verdict = checkStep(t, kycPartySchema, { ...rest, role, ...(ownershipPercent ? { ownershipPercent: Number(ownershipPercent) } : {}) });
    if ('errors' in verdict) return setErrors(verdict.errors);
    setErrors({});
    setParties([...parties, verdict.data]);
    setValues(EMPTY);
  };
  const save = () => {
    if (parties.length === 0) return setListError(t('kyc.ownership.required'));
    const verdict = checkStep(t, kycPartiesSchema, parties);
    if ('errors' in verdict) return setListError(t('kyc.ownership.tooHigh'));
    setListError(null);
    onSave({ parties: verdict.data });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {parties.length === 0 ? (
        <Typography color="text.secondary">{t('kyc.ownership.empty')}</Typography>
      ) : (
        <List dense aria-label={t('kyc.ownership.listLabel')}>
          {parties.map((party, index) => (
            <ListItem
              key={`${party.fullName}-${index}`}
              secondaryAction={
                editable && (
                  <IconButton
                    edge="end"
                    aria-label={t('kyc.ownership.remove', { name: party.fullName })}
                    onClick={() => setParties(parties.filter((_, at) => at !== index))}
                  >
                    <DeleteOutlined />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={party.fullName}
                secondary={[
                  t(`kyc.partyRoles.${party.role}`),
                  party.ownershipPercent !== null && party.ownershipPercent !== undefined ? `${party.ownershipPercent}%` : null,
                  party.nationality,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      {editable && (
        <Box sx={{ display: 'grid', gap: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Typography variant="subtitle2">{t('kyc.ownership.add')}</Typography>
          <TextField
            select
            label={t('kyc.fields.partyRole')}
            value={role}
            onChange={(event) => setRole(event.target.value as KycParty['role'])}
            sx={{ maxWidth: 320 }}
          >
            {kycPartyRoleSchema.options.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`kyc.partyRoles.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <FieldGrid fields={PARTY_FIELDS} values={values} errors={errors} disabled={saving} onChange={setValues} />
          <Box>
            <Button variant="outlined" onClick={add}>
              {t('kyc.ownership.addAction')}
            </Button>
          </Box>
        </Box>
      )}
      {listError && <Alert severity="error">{listError}</Alert>}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button onClick={onBack}>{t('kyc.actions.back')}</Button>
        <Button variant="contained" onClick={save} disabled={!editable || saving}>
          {t('kyc.actions.saveContinue')}
        </Button>
      </Box>
    </Box>
  );
}
