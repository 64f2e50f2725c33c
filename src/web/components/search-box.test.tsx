import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import type { Suggestions } from '../../shared/products';
import { mockApi, renderPage } from '../test/render';
import { SearchBox } from './search-box';

const answer: Suggestions = {
  categories: [{ key: 'Hops', name: 'Хміль', path: '/hops' }],
  products: [
    { id: 'a', slug: 'khmil-cascade', name: 'Хміль Cascade', image: '/a.png', price: 1450, discount: 10, category: 'Hops', countInStock: 5 },
    { id: 'b', slug: 'khmil-cascade-nz', name: 'Хміль Cascade NZ', image: '/b.png', price: 1600, discount: 0, category: 'Hops', countInStock: 0 },
  ],
};

function setup() {
  const asked: string[] = [];
  mockApi((url) => {
    if (url.pathname !== '/api/search/suggest') return undefined;
    asked.push(url.searchParams.get('q')!);
    return { body: answer };
  });
  renderPage(<SearchBox />);
  return { asked, input: screen.getByRole('combobox', { name: 'Пошук у каталозі' }), user: userEvent.setup() };
}

test('suggests from the second letter, once typing pauses, and picks with the arrows and Enter', async () => {
  const { asked, input, user } = setup();
  expect(input.getAttribute('aria-expanded')).toBe('false');
  await user.type(input, 'к');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(asked).toEqual([]);
  await user.type(input, 'аск');
  const listbox = await screen.findByRole('listbox', {}, { timeout: 3000 });
  await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
  // One request for the pause, not one a letter.
  expect(asked).toEqual(['каск']);
  expect(input.getAttribute('aria-controls')).toBe(listbox.id);
  const options = screen.getAllByRole('option');
  expect(options.map((o) => o.textContent)).toEqual(['Хміль', expect.stringContaining('Хміль Cascade'), expect.stringContaining('Немає в наявності')]);
  // The price after its discount, in hryvnias: 1 450 грн less 10 %.
  expect(options[1].textContent).toContain('1\u00a0305\u00a0грн');
  expect(screen.getByRole('status').textContent).toContain('Підказок: 3');

  await user.keyboard('{ArrowDown}{ArrowDown}');
  expect(input.getAttribute('aria-activedescendant')).toBe(options[1].id);
  expect(options[1].getAttribute('aria-selected')).toBe('true');
  await user.keyboard('{ArrowUp}{ArrowUp}');
  // Past the first option the highlight wraps round to the last.
  expect(input.getAttribute('aria-activedescendant')).toBe(options[2].id);
  await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
  expect((await screen.findByTestId('where')).textContent).toBe('/product/khmil-cascade');
});

test('Escape closes the list; Enter with nothing highlighted opens the full results', async () => {
  const { input, user } = setup();
  await user.type(input, 'каск');
  await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
  await user.keyboard('{ArrowDown}{Escape}');
  expect(input.getAttribute('aria-expanded')).toBe('false');
  expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  expect((input as HTMLInputElement).value).toBe('каск');
  // The arrow opens it again.
  await user.keyboard('{ArrowDown}');
  expect(input.getAttribute('aria-expanded')).toBe('true');
  await user.keyboard('{Escape}{Enter}');
  expect((await screen.findByTestId('where')).textContent).toBe(`/search/${encodeURIComponent('каск')}`);
});

test('a click on a suggestion opens it', async () => {
  const { input, user } = setup();
  await user.type(input, 'хм');
  const category = await screen.findByRole('option', { name: 'Хміль' }, { timeout: 3000 });
  await user.click(category);
  expect((await screen.findByTestId('where')).textContent).toBe('/hops');
});
