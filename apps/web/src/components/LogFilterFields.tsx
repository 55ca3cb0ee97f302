import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/**
 * The filter fields the audit-log screens (/audit-trail, /team/activity) share: who acted,
 * a range of the reader's local days, and clearing every filter.
 */
type FieldChange = (event: { target: { value: string } }) => void;

export function PersonFilter({
  label,
  value,
  people,
  onChange,
}: {
  label: string;
  value: string;
  people: readonly { id: string; name: string }[] | undefined;
  onChange: FieldChange;
}) {
  const { t } = useTranslation();
  return (
    <TextField select size="small" sx={{ minWidth: 190 }} label={label} value={value} onChange={onChange}>
      <MenuItem value="">{t('common.all')}</MenuItem>
      {people?.map((person) => (
        <MenuItem key={person.id} value={person.id}>
          {person.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function DayRangeFilter({
  labels,
  from,
  to,
  onFromChange,
  onToChange,
}: {
  labels: { from: string; to: string };
  from: string;
  to: string;
  onFromChange: FieldChange;
  onToChange: FieldChange;
}) {
  return (
    <>
      <TextField type="date" size="small" label={labels.from} value={from} onChange={onFromChange} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField type="date" size="small" label={labels.to} value={to} onChange={onToChange} slotProps={{ inputLabel: { shrink: true } }} />
    </>
  );
}

/** Disabled while nothing is filtered. */
export function ClearFiltersButton<Values extends object>({ label, values, onClear }: { label: string; values: Values; onClear: () => void }) {
  return (
    <Button onClick={onClear} disabled={Object.values(values).every((value) => value === '')}>
      {label}
    </Button>
  );
}
