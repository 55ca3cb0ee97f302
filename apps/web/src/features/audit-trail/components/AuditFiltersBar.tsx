import { activityTypeLabel, humaniseName, type AuditTrailFacets, type Language } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ClearFiltersButton, DayRangeFilter, PersonFilter } from '../../../components/LogFilterFields';

/** What the reader picked; empty strings mean "any". Days are the reader's local days. */
export interface AuditFilterValues {
  q: string;
  actorId: string;
  action: string;
  resourceType: string;
  resourceId: string;
  fromDay: string;
  toDay: string;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = { q: '', actorId: '', action: '', resourceType: '', resourceId: '', fromDay: '', toDay: '' };

const capitalised = (text: string) => text.replace(/^./, (first) => first.toUpperCase());

/** The action menu: each action type, then its actions. */
function actionItems(actions: readonly string[], language: Language) {
  const types = [...new Set(actions.map((action) => action.split('.')[0]!))];
  return types.flatMap((type) => [
    <ListSubheader key={`h-${type}`}>{activityTypeLabel(type, language)}</ListSubheader>,
    <MenuItem key={type} value={type}>
      {activityTypeLabel(type, language)} ({type}.*)
    </MenuItem>,
    ...actions
      .filter((action) => action.startsWith(`${type}.`))
      .map((action) => (
        <MenuItem key={action} value={action} sx={{ pl: 4 }}>
          {capitalised(humaniseName(action.slice(type.length + 1)))}
        </MenuItem>
      )),
  ]);
}

export function AuditFiltersBar({
  values,
  facets,
  language,
  onChange,
}: {
  values: AuditFilterValues;
  facets: AuditTrailFacets | undefined;
  language: Language;
  onChange: (values: AuditFilterValues) => void;
}) {
  const { t } = useTranslation();
  const set = (name: keyof AuditFilterValues) => (event: { target: { value: string } }) => onChange({ ...values, [name]: event.target.value });
  const select = { select: true, size: 'small', sx: { minWidth: 190 } } as const;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <TextField
        size="small"
        label={t('auditTrail.filters.search')}
        value={values.q}
        onChange={set('q')}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ minWidth: 240 }}
      />
      <PersonFilter label={t('auditTrail.filters.actor')} value={values.actorId} people={facets?.users} onChange={set('actorId')} />
      <TextField {...select} label={t('auditTrail.filters.action')} value={values.action} onChange={set('action')}>
        <MenuItem value="">{t('common.all')}</MenuItem>
        {facets && actionItems(facets.actions, language)}
      </TextField>
      <TextField {...select} label={t('auditTrail.filters.entity')} value={values.resourceType} onChange={set('resourceType')}>
        <MenuItem value="">{t('common.all')}</MenuItem>
        {facets?.resourceTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {capitalised(humaniseName(type))}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('auditTrail.filters.entityId')}
        value={values.resourceId}
        onChange={set('resourceId')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <DayRangeFilter
        labels={{ from: t('auditTrail.filters.from'), to: t('auditTrail.filters.to') }}
        from={values.fromDay}
        to={values.toDay}
        onFromChange={set('fromDay')}
        onToChange={set('toDay')}
      />
      <ClearFiltersButton label={t('auditTrail.filters.clear')} values={values} onClear={() => onChange(NO_AUDIT_FILTERS)} />
    </Box>
  );
}
