import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

const PAGE_SIZES: readonly number[] = [10, 20, 50];

export interface ListPaginationProps {
  total: number;
  /** Zero-based, as the table shows it. */
  page: number;
  pageSize: number;
  /** The page sizes offered; 10, 20 or 50 unless the list's screen says otherwise. */
  pageSizes?: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** The pager under a list the server pages: another page size starts again at the first page. */
export function ListPagination({ total, page, pageSize, pageSizes = PAGE_SIZES, onPageChange, onPageSizeChange }: ListPaginationProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => {
        onPageSizeChange(Number(event.target.value));
        onPageChange(0);
      }}
      labelRowsPerPage={t('common.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('common.displayedRows', { from, to, count })}
    />
  );
}
