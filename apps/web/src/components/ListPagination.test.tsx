// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LIST_COUNT_CAP } from '@carbonledger/contracts';
import { setUpScreenTests } from '../test/screen';
import { ListPagination } from './ListPagination';

function renderPager({ pageSizes, total = 45, totalCapped, page = 1 }: { pageSizes?: number[]; total?: number; totalCapped?: boolean; page?: number } = {}) {
  const onPageChange = vi.fn<(page: number) => void>();
  const onPageSizeChange = vi.fn<(pageSize: number) => void>();
  render(
    <ListPagination
      total={total}
      totalCapped={totalCapped}
      page={page}
      pageSize={10}
      pageSizes={pageSizes}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />,
  );
  return { onPageChange, onPageSizeChange };
}

describe('list pagination', () => {
  setUpScreenTests({ signedInTexts: false });

  it('shows where the page is in the list and turns to the next page', () => {
    const { onPageChange } = renderPager();
    expect(screen.getByText('11–20 of 45')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('offers 10, 20 or 50 rows and starts again at the first page when the page size changes', async () => {
    const { onPageChange, onPageSizeChange } = renderPager();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['10', '20', '50']);
    fireEvent.click(screen.getByRole('option', { name: '50' }));
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
    expect(onPageChange).toHaveBeenLastCalledWith(0);
  });

  it('offers the page sizes its screen asks for', async () => {
    renderPager({ pageSizes: [10, 20, 50, 100] });
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['10', '20', '50', '100']);
  });

  it('tells a capped count as "more than 10,000" with a hint, and offers no page past the window', () => {
    const { onPageChange } = renderPager({ total: LIST_COUNT_CAP, totalCapped: true, page: LIST_COUNT_CAP / 10 - 1 });
    expect(screen.getByText('9,991–10,000 of more than 10,000')).toBeTruthy();
    expect(screen.getByText(/Only the first 10,000 are listed: narrow the list with the filters, or export it/)).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Go to next page' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(next);
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('shows an exact count without the hint when the list was not capped', () => {
    renderPager({ total: LIST_COUNT_CAP, page: 0 });
    expect(screen.getByText('1–10 of 10000')).toBeTruthy();
    expect(screen.queryByText(/Only the first/)).toBeNull();
  });
});
