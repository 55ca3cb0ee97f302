import { activityTypeLabel, humaniseName, type AuditTrailFacets, type Language } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

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
      <TextField {...select} label={t('auditTrail.filters.actor')} value={values.actorId} onChange={set('actorId')}>
        <MenuItem value="">{t('common.all')}</MenuItem>
        {facets?.users.map((user) => (
          <MenuItem key={user.id} value={user.id}>
            {user.name}
          </MenuItem>
        ))}
      </TextField>
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
      <TextField
        type="date"
        size="small"
        label={t('auditTrail.filters.from')}
        value={values.fromDay}
        onChange={set('fromDay')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label={t('auditTrail.filters.to')}
        value={values.toDay}
        onChange={set('toDay')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button onClick={() => onChange(NO_AUDIT_FILTERS)} disabled={Object.values(values).every((value) => value === '')}>
        {t('auditTrail.filters.clear')}
      </Button>
    </Box>
  );
}
