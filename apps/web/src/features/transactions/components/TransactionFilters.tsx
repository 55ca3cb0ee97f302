import { TRANSACTION_STATUSES, TRANSACTION_TYPES, type TransactionStatus, type TransactionType } from '@carbonledger/contracts';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface TransactionFilterValues {
  type: TransactionType | '';
  status: TransactionStatus | '';
  search: string;
}

/** An empty choice reads "All" instead of an empty box under the label. */
const ALL_SHOWN = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** docs/product.md §2 Transactions: filters by type (mint, burn, received, sent) and status, and a search. */
export function TransactionFilters({ value, onChange }: { value: TransactionFilterValues; onChange: (next: TransactionFilterValues) => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <TextField
        select
        size="small"
        label={t('transactions.filters.type')}
        value={value.type}
        onChange={(event) => onChange({ ...value, type: event.target.value as TransactionFilterValues['type'] })}
        sx={{ minWidth: 160 }}
        slotProps={ALL_SHOWN}
      >
        <MenuItem value="">{t('common.all')}</MenuItem>
        {TRANSACTION_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`transactions.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('transactions.filters.status')}
        value={value.status}
        onChange={(event) => onChange({ ...value, status: event.target.value as TransactionFilterValues['status'] })}
        sx={{ minWidth: 160 }}
        slotProps={ALL_SHOWN}
      >
        <MenuItem value="">{t('common.all')}</MenuItem>
        {TRANSACTION_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`transactions.statuses.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="search"
        label={t('transactions.filters.search')}
        placeholder={t('transactions.filters.searchPlaceholder')}
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.target.value })}
        sx={{ flex: '1 1 260px' }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
