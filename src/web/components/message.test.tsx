import { act, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { useLanguage } from '../i18n';
import { uk } from '../i18n/uk';
import { ErrorMessage } from './message';

it('says "no connection" at once, from the first page’s own texts', () => {
  render(<ErrorMessage error={new ApiError('TIMEOUT_ERROR', 'timeout')} />);
  expect(screen.getByRole('alert').textContent).toBe(uk.common.timeoutError);
});

it("words the server's answer by its code once those words are here, and follows the language", async () => {
  // Their code is fetched meanwhile; React retries a suspended part in a test only under an awaited act().
  await act(async () => {
    render(<ErrorMessage error={new ApiError(404, 'Товар не знайдено', 'PRODUCT_NOT_FOUND')} />);
    await import('./server-error');
  });
  expect(screen.getByRole('alert').textContent).toBe('Товар не знайдено');
  await act(() => useLanguage.getState().setLanguage('en'));
  expect(screen.getByRole('alert').textContent).toBe('Product not found');
});
