import TablePagination from '@mui/material/TablePagination';

const PAGE_SIZES = [10, 20, 50];

export interface ListPaginationProps {
  total: number;
  /** Zero-based, as the table shows it. */
  page: number;
  pageSize: number;
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
}

/** The pager under a list the server pages: another page size starts again at the first page. */
export function ListPagination({ total, page, pageSize, onPageChange, onPageSizeChange }: ListPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => {
        onPageSizeChange(Number(event.target.value));
        onPageChange(0);
      }}
    />
  );
}
