import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { notify, Toasts } from './notify';

it('no toast library until the first message, which then appears', async () => {
  const { container } = render(<Toasts />);
  expect(container.querySelector('.Toastify')).toBeNull();
  notify.success('Товар збережено');
  notify.error('Немає звʼязку із сервером');
  expect(await screen.findByText('Товар збережено')).toBeTruthy();
  expect(await screen.findByText('Немає звʼязку із сервером')).toBeTruthy();
});
