import { activityTypeLabel, type ActivityFacets, type Language } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** What the reader picked; empty strings mean "any". Days are the reader's local days. */
export interface ActivityFilterValues {
  userId: string;
  actionType: string;
  resourceType: string;
  fromDay: string;
  toDay: string;
}

export const NO_FILTERS: ActivityFilterValues = { userId: '', actionType: '', resourceType: '', fromDay: '', toDay: '' };

/** `security_alert` → "Security alert": a resource type as a menu entry. */
const readable = (name: string) => name.replace(/[._]+/g, ' ').replace(/^./, (first) => first.toUpperCase());

export function ActivityFiltersBar({
  values,
  facets,
  language,
  onChange,
}: {
  values: ActivityFilterValues;
  facets: ActivityFacets | undefined;
  language: Language;
  onChange: (values: ActivityFilterValues) => void;
}) {
  const { t } = useTranslation();
  const set = (name: keyof ActivityFilterValues) => (event: { target: { value: string } }) => onChange({ ...values, [name]: event.target.value });
  const select = { select: true, size: 'small', sx: { minWidth: 200 } } as const;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <TextField {...select} label={t('teamActivity.filters.user')} value={values.userId} onChange={set('userId')}>
        <MenuItem value="">{t('common.all')}</MenuItem>
        {facets?.users.map((user) => (
          <MenuItem key={user.id} value={user.id}>
            {user.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...select} label={t('teamActivity.filters.actionType')} value={values.actionType} onChange={set('actionType')}>
        <MenuItem value="">{t('common.all')}</MenuItem>
        {facets?.actionTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {activityTypeLabel(type, language)}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...select} label={t('teamActivity.filters.resourceType')} value={values.resourceType} onChange={set('resourceType')}>
        <MenuItem value="">{t('common.all')}</MenuItem>
        {facets?.resourceTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {readable(type)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label={t('teamActivity.filters.from')}
        value={values.fromDay}
        onChange={set('fromDay')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label={t('teamActivity.filters.to')}
        value={values.toDay}
        onChange={set('toDay')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button onClick={() => onChange(NO_FILTERS)} disabled={Object.values(values).every((value) => value === '')}>
        {t('teamActivity.filters.clear')}
      </Button>
    </Box>
  );
}
