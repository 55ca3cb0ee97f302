import type { CompanyProfile, NewCompany } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { translateCompanyMessage } from '../lib/company-messages';

/** A company's onboarding record as a form holds it (docs/product.md §3 Company): every field a string. */
export interface CompanyFormValues {
  name: string;
  legalName: string;
  taxId: string;
  country: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  website: string;
}

export const EMPTY_COMPANY_FORM: CompanyFormValues = {
  name: '',
  legalName: '',
  taxId: '',
  country: 'BR',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  website: '',
};

/** Countries offered first; the names come from the browser in the user's language. */
const COUNTRIES = [
  'AR',
  'AU',
  'BE',
  'BR',
  'CA',
  'CH',
  'CL',
  'CN',
  'CO',
  'DE',
  'DK',
  'ES',
  'FR',
  'GB',
  'ID',
  'IE',
  'IN',
  'IT',
  'JP',
  'KE',
  'KR',
  'MX',
  'NG',
  'NL',
  'NO',
  'NZ',
  'PE',
  'PT',
  'SE',
  'SG',
  'US',
  'UY',
  'ZA',
];

const blankToNull = (value: string) => (value.trim() === '' ? null : value);

/** The request body (POST /companies, PATCH /companies/:id) the values stand for; the contract validates it. */
export function companyRequestOf(values: CompanyFormValues): NewCompany {
  return {
    name: values.name,
    legalName: values.legalName,
    taxId: values.taxId,
    country: values.country,
    address: {
      line1: values.line1,
      line2: blankToNull(values.line2),
      city: values.city,
      region: blankToNull(values.region),
      postalCode: blankToNull(values.postalCode),
    },
    contact: {
      name: blankToNull(values.contactName),
      email: blankToNull(values.contactEmail),
      phone: blankToNull(values.contactPhone),
      website: blankToNull(values.website),
    },
  };
}

export function companyFormOf(company: CompanyProfile): CompanyFormValues {
  return {
    name: company.name,
    legalName: company.legalName ?? '',
    taxId: company.taxId ?? '',
    country: company.country ?? '',
    line1: company.address?.line1 ?? '',
    line2: company.address?.line2 ?? '',
    city: company.address?.city ?? '',
    region: company.address?.region ?? '',
    postalCode: company.address?.postalCode ?? '',
    contactName: company.contact.name ?? '',
    contactEmail: company.contact.email ?? '',
    contactPhone: company.contact.phone ?? '',
    website: company.contact.website ?? '',
  };
}

/** The form field of a contract path ('address.line1' → line1), for the messages of a 400 or of the contract. */
const FIELD_OF_PATH: Record<string, keyof CompanyFormValues> = {
  name: 'name',
  legalName: 'legalName',
  taxId: 'taxId',
  country: 'country',
  'address.line1': 'line1',
  'address.line2': 'line2',
  'address.city': 'city',
  'address.region': 'region',
  'address.postalCode': 'postalCode',
  'contact.name': 'contactName',
  'contact.email': 'contactEmail',
  'contact.phone': 'contactPhone',
  'contact.website': 'website',
};

export type CompanyFormErrors = Partial<Record<keyof CompanyFormValues, string>>;

/** Messages by contract path (a prefix such as 'company.' stripped) → messages by form field. */
export function companyFormErrors(messages: Record<string, string | undefined>, prefix = ''): CompanyFormErrors {
  const errors: CompanyFormErrors = {};
  for (const [path, message] of Object.entries(messages)) {
    const field = FIELD_OF_PATH[path.startsWith(prefix) ? path.slice(prefix.length) : path];
    if (field && message) errors[field] ??= message;
  }
  return errors;
}

/**
 * The fields of a company's onboarding record: legal name, tax ID, country, address and
 * contact. `taxIdLocked`: the company itself cannot change its tax ID (docs/product.md §5), so
 * the field is read-only and says whom to ask.
 */
export function CompanyFields({
  values,
  errors,
  onChange,
  taxIdLocked = false,
  disabled = false,
}: {
  values: CompanyFormValues;
  errors: CompanyFormErrors;
  onChange: (values: CompanyFormValues) => void;
  taxIdLocked?: boolean;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const countries = useMemo(
    () =>
      [...new Set([...COUNTRIES, values.country].filter(Boolean))]
        .map((code) => ({ code, name: names.of(code) ?? code }))
        .sort((a, b) => a.name.localeCompare(b.name, i18n.language)),
    [names, values.country, i18n.language],
  );
  const field = (name: keyof CompanyFormValues) => ({
    name,
    value: values[name],
    disabled,
    onChange: (event: { target: { value: string } }) => onChange({ ...values, [name]: event.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name] ? translateCompanyMessage(t, errors[name]) : undefined,
    fullWidth: true,
    slotProps: { htmlInput: { maxLength: 200 } },
  });

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField label={t('companyForm.name')} required {...field('name')} />
      <TextField label={t('companyForm.legalName')} required {...field('legalName')} />
      <TextField
        label={t('companyForm.taxId')}
        required={!taxIdLocked}
        {...field('taxId')}
        disabled={disabled || taxIdLocked}
        helperText={errors.taxId ? translateCompanyMessage(t, errors.taxId) : taxIdLocked ? t('companyForm.taxIdLocked') : t('companyForm.taxIdHelp')}
      />
      <TextField select label={t('companyForm.country')} required {...field('country')}>
        {countries.map((country) => (
          <MenuItem key={country.code} value={country.code}>
            {country.name} ({country.code})
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="subtitle2" sx={{ gridColumn: '1 / -1', mt: 1 }}>
        {t('companyForm.address')}
      </Typography>
      <TextField label={t('companyForm.line1')} required {...field('line1')} />
      <TextField label={t('companyForm.line2')} {...field('line2')} />
      <TextField label={t('companyForm.city')} required {...field('city')} />
      <TextField label={t('companyForm.region')} {...field('region')} />
      <TextField label={t('companyForm.postalCode')} {...field('postalCode')} />
      <span />
      <Typography variant="subtitle2" sx={{ gridColumn: '1 / -1', mt: 1 }}>
        {t('companyForm.contact')}
      </Typography>
      <TextField label={t('companyForm.contactName')} {...field('contactName')} />
      <TextField label={t('companyForm.contactEmail')} type="email" {...field('contactEmail')} />
      <TextField label={t('companyForm.contactPhone')} {...field('contactPhone')} />
      <TextField label={t('companyForm.website')} placeholder="https://" {...field('website')} />
    </Box>
  );
}
