import { activityTypeLabel, type ActivityFacets, type Language } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ClearFiltersButton, DayRangeFilter, PersonFilter } from '../../../components/LogFilterFields';

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
      <PersonFilter label={t('teamActivity.filters.user')} value={values.userId} people={facets?.users} onChange={set('userId')} />
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
      <DayRangeFilter
        labels={{ from: t('teamActivity.filters.from'), to: t('teamActivity.filters.to') }}
        from={values.fromDay}
        to={values.toDay}
        onFromChange={set('fromDay')}
        onToChange={set('toDay')}
      />
      <ClearFiltersButton label={t('teamActivity.filters.clear')} values={values} onClear={() => onChange(NO_FILTERS)} />
    </Box>
  );
}
