// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InitializationFailed } from './InitializationFailed';

describe('Initialization Failed screen', () => {
  afterEach(cleanup);

  it('offers Reload Page and shows the technical details only on request', () => {
    render(<InitializationFailed error={new Error('translations could not load')} />);
    expect(screen.getByRole('heading', { name: 'Initialization Failed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Technical details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/Error: translations could not load/)).toBeTruthy();
  });
});
