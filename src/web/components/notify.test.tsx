import { act, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { useLanguage } from '../i18n';
import { uk } from '../i18n/uk';
import { notify, Toasts } from './notify';

it('no toast library until the first message, which then appears', async () => {
  const { container } = render(<Toasts />);
  expect(container.querySelector('.Toastify')).toBeNull();
  notify.success('Товар збережено');
  notify.error('Немає звʼязку із сервером');
  expect(await screen.findByText('Товар збережено')).toBeTruthy();
  expect(await screen.findByText('Немає звʼязку із сервером')).toBeTruthy();
});

it("words a failed request: the connection at once, the server's answer by its code, in the chosen language", async () => {
  render(<Toasts />);
  notify.failure(new ApiError('FETCH_ERROR', 'Failed to fetch'));
  expect(await screen.findByText(uk.common.networkError)).toBeTruthy();
  // The server's message differs from our words for its code: the code wins.
  notify.failure(new ApiError(409, 'недостатньо', 'OUT_OF_STOCK', undefined, { product: 'Хміль Saaz' }));
  expect(await screen.findByText('Товару «Хміль Saaz» недостатньо на складі')).toBeTruthy();
  await act(() => useLanguage.getState().setLanguage('en'));
  notify.failure(new ApiError(401, 'Невірна електронна пошта або пароль', 'BAD_CREDENTIALS'));
  expect(await screen.findByText('Wrong e-mail or password')).toBeTruthy();
});
