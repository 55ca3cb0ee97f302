import { kycAddressSchema, kycBusinessSchema, kycIndividualSchema, type KycCase, type SaveKycCaseRequest } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkStep, compact, valuesOf, type FieldErrors, type FormValues } from '../kyc-form';
import { FieldGrid, type FieldSpec } from './FieldGrid';

const INDIVIDUAL: FieldSpec[] = [
  { name: 'firstName', required: true },
  { name: 'lastName', required: true },
  { name: 'dateOfBirth', required: true, type: 'date' },
  { name: 'nationality', required: true, helpKey: 'kyc.hints.country' },
  { name: 'idNumber', required: true },
  { name: 'occupation' },
];
const BUSINESS: FieldSpec[] = [
  { name: 'legalName', required: true },
  { name: 'registrationNumber', required: true },
  { name: 'incorporationCountry', required: true, helpKey: 'kyc.hints.country' },
  { name: 'incorporationDate', type: 'date' },
  { name: 'businessActivity' },
  { name: 'website' },
];
const ADDRESS: FieldSpec[] = [
  { name: 'line1', required: true },
  { name: 'line2' },
  { name: 'city', required: true },
  { name: 'region' },
  { name: 'postalCode' },
  { name: 'country', required: true, helpKey: 'kyc.hints.country' },
];

const SECTIONS = {
  individual: { fields: INDIVIDUAL, schema: kycIndividualSchema },
  business: { fields: BUSINESS, schema: kycBusinessSchema },
  address: { fields: ADDRESS, schema: kycAddressSchema },
} as const;

export type Section = keyof typeof SECTIONS;

/** One form step of the case (who, or the address): checked with the contract's schema, then saved with the next step. */
export function SectionStep({
  section,
  kycCase,
  editable,
  saving,
  onSave,
  onBack,
}: {
  section: Section;
  kycCase: KycCase;
  editable: boolean;
  saving: boolean;
  onSave: (body: SaveKycCaseRequest) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { fields, schema } = SECTIONS[section];
  const [values, setValues] = useState<FormValues>(() =>
    valuesOf(
      kycCase[section],
      fields.map((field) => field.name),
    ),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = () => {
    const verdict = checkStep(t, schema, compact(values));
    if ('errors' in verdict) return setErrors(verdict.errors);
    setErrors({});
    onSave({ [section]: verdict.data });
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FieldGrid fields={fields} values={values} errors={errors} disabled={!editable || saving} onChange={setValues} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button onClick={onBack}>{t('kyc.actions.back')}</Button>
        <Button variant="contained" onClick={save} disabled={!editable || saving}>
          {t('kyc.actions.saveContinue')}
        </Button>
      </Box>
    </Box>
  );
}
