import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LIST_COUNT_CAP } from '@carbonledger/contracts';
import { formatNumber } from '../lib/format';
import { currentLanguage } from '../lib/i18n';

const PAGE_SIZES: readonly number[] = [10, 20, 50];

export interface ListPaginationProps {
  total: number;
  /** The list counted only its window (docs/lists.md): more rows match than `total`, and no page lies beyond it. */
  totalCapped?: boolean;
  /** Zero-based, as the table shows it. */
  page: number;
  pageSize: number;
  /** The page sizes offered; 10, 20 or 50 unless the list's screen says otherwise. */
  pageSizes?: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** The pager under a list the server pages: another page size starts again at the first page. */
export function ListPagination({ total, totalCapped = false, page, pageSize, pageSizes = PAGE_SIZES, onPageChange, onPageSizeChange }: ListPaginationProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const cap = formatNumber(LIST_COUNT_CAP, language);
  // The server refuses a page that ends past the window: the last page offered is the last whole one within it.
  const count = totalCapped ? Math.floor(total / pageSize) * pageSize : total;
  return (
    <>
      <TablePagination
        component="div"
        count={count}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...pageSizes]}
        onPageChange={(_event, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => {
          onPageSizeChange(Number(event.target.value));
          onPageChange(0);
        }}
        labelRowsPerPage={t('common.rowsPerPage')}
        labelDisplayedRows={({ from, to, count: shown }) =>
          totalCapped
            ? t('common.displayedRowsCapped', { from: formatNumber(from, language), to: formatNumber(to, language), cap })
            : t('common.displayedRows', { from, to, count: shown })
        }
      />
      {totalCapped && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, pb: 1.5, textAlign: 'right' }}>
          {t('common.listWindowHint', { cap })}
        </Typography>
      )}
    </>
  );
}
