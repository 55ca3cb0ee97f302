import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, FormValues } from '../kyc-form';

export interface FieldSpec {
  name: string;
  required?: boolean;
  type?: 'text' | 'date' | 'number';
  /** Hint below the field, as a translation key. */
  helpKey?: string;
}

/** The text fields of a step, labelled from kyc.fields.<name>, with the contract's messages under them. */
export function FieldGrid({
  fields,
  values,
  errors,
  disabled,
  onChange,
}: {
  fields: readonly FieldSpec[];
  values: FormValues;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (values: FormValues) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={t(`kyc.fields.${field.name}`)}
          required={field.required}
          type={field.type ?? 'text'}
          value={values[field.name] ?? ''}
          disabled={disabled}
          error={Boolean(errors[field.name])}
          helperText={errors[field.name] ?? (field.helpKey ? t(field.helpKey) : undefined)}
          onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
          slotProps={field.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
        />
      ))}
    </Box>
  );
}
