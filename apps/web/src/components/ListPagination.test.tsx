// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpScreenTests } from '../test/screen';
import { ListPagination } from './ListPagination';

function renderPager({ pageSizes }: { pageSizes?: number[] } = {}) {
  const onPageChange = vi.fn<(page: number) => void>();
  const onPageSizeChange = vi.fn<(pageSize: number) => void>();
  render(<ListPagination total={45} page={1} pageSize={10} pageSizes={pageSizes} onPageChange={onPageChange} onPageSizeChange={onPageSizeChange} />);
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
});
