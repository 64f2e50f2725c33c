import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Category } from '../../../shared/categories';
import type { ProductDetail } from '../../../shared/products';
import { useLanguage } from '../../i18n';
import { product } from '../../test/factories';
import { mockApi, renderPage } from '../../test/render';
import ProductEditPage from './product-edit-page';

const saaz: ProductDetail = { ...product({ producer: 'Czech Republic' }), reviews: [] };
const path = `/admin/product/${saaz.id}/edit`;

const attribute = (key: string, name: string, type: 'number' | 'enum', unit = '', options: string[] = []) => ({
  id: key,
  key,
  name,
  nameEn: key,
  type,
  unit,
  options: options.map((value) => ({ value, name: value, nameEn: value })),
  filterable: true,
  position: 0,
});
const category = (slug: string, name: string, extra: Partial<Category> = {}): Category => ({
  id: slug,
  slug,
  name,
  nameEn: slug,
  parent: null,
  position: 0,
  visible: true,
  description: '',
  googleProductCategory: '',
  feedId: 1,
  path: `/catalog/${slug}`,
  count: 0,
  attributes: [],
  producers: [],
  ...extra,
});
/** The catalogue's categories as GET /api/admin/categories answers: hops with their countries and attributes. */
const categories: Category[] = [
  category('Hops', 'Хміль', {
    attributes: [
      attribute('alpha', 'Альфа-кислоти', 'number', '%'),
      attribute('cropYear', 'Рік урожаю', 'number'),
      attribute('purpose', 'Призначення', 'enum', '', ['aroma', 'bittering']),
    ],
    producers: ['Czech Republic', 'USA'].map((name, position) => ({ id: name, name, country: name, category: 'Hops', position })),
  }),
  category('Malt', 'Солод'),
];

/** The product to edit, and what the form sends back (null until it sends). */
function server(answerPut: (body: unknown) => { status?: number; body: unknown } = (body) => ({ body })) {
  const sent: { body: unknown } = { body: null };
  mockApi((url, init) => {
    if (url.pathname === '/api/admin/categories') return { body: { categories } };
    if (url.pathname !== `/api/products/${saaz.id}`) return undefined;
    if (init.method === 'PUT') {
      sent.body = JSON.parse(String(init.body));
      return answerPut(sent.body);
    }
    return { body: saaz };
  });
  return sent;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the admin product form', () => {
  it('sends the edited product, numbers as numbers and empty optional fields as null', async () => {
    const sent = server();
    renderPage(<ProductEditPage />, { path, route: '/admin/product/:id/edit' });
    await userEvent.clear(await screen.findByLabelText('Назва'));
    await userEvent.type(field('Назва'), '  Хміль Saaz 2025 ');
    await userEvent.clear(field('Ціна, грн'));
    await userEvent.type(field('Ціна, грн'), '135.5');
    await userEvent.clear(field('Альфа-кислоти, %'));
    await userEvent.selectOptions(field('Призначення'), 'aroma');
    // (happy-dom does not preselect a select's option from the form's default value; a browser does.)
    await userEvent.selectOptions(field('Країна (виробник)'), 'Czech Republic');
    // (Nor the status: chosen as the browser would show it.)
    await userEvent.selectOptions(field('Стан'), 'published');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/productlist'));
    expect(sent.body).toEqual({
      name: 'Хміль Saaz 2025',
      status: 'published',
      // The packs as the editor holds them; the product-level summary is the server's to compute.
      variants: [
        {
          id: saaz.variants[0].id,
          sku: 'HOP-SAAZ',
          label: '100 г',
          price: 135.5,
          discount: 0,
          countInStock: 5,
          weight: 0.1,
          gtin: null,
          lowStockThreshold: 5,
        },
      ],
      image: saaz.image,
      // The gallery as the editor holds it: the main picture first, with its alt texts.
      images: [{ url: saaz.image, alt: 'Хміль Saaz', altEn: '' }],
      producer: 'Czech Republic',
      brand: null,
      category: 'Hops',
      description: saaz.description,
      // The category's attributes, every one named: an emptied field is null.
      attributes: { alpha: null, cropYear: 2024, purpose: 'aroma' },
    });
  });

  it("adds a pack, moves it up with its button and removes another; the packs go in the editor's order", async () => {
    const sent = server();
    renderPage(<ProductEditPage />, { path, route: '/admin/product/:id/edit' });
    await userEvent.selectOptions(await screen.findByLabelText('Країна (виробник)'), 'Czech Republic');
    await userEvent.click(screen.getByRole('button', { name: /Додати фасовку/ }));
    const label = screen.getAllByLabelText('Фасовка')[1] as HTMLInputElement;
    await userEvent.type(label, '50 г');
    await userEvent.type(screen.getAllByLabelText('Артикул (SKU)')[1], 'saaz-50');
    const price = screen.getAllByLabelText('Ціна, грн')[1] as HTMLInputElement;
    await userEvent.clear(price);
    await userEvent.type(price, '70');
    await userEvent.click(screen.getByRole('button', { name: 'Фасовку 2 вище' }));
    expect((screen.getAllByLabelText('Фасовка')[0] as HTMLInputElement).value).toBe('50 г');
    // The first pack cannot move up, the last cannot move down.
    expect((screen.getByRole('button', { name: 'Фасовку 1 вище' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/productlist'));
    expect((sent.body as { variants: unknown[] }).variants).toEqual([
      { sku: 'SAAZ-50', label: '50 г', price: 70, discount: 0, countInStock: 0, weight: 0.1, gtin: null, lowStockThreshold: 5 },
      expect.objectContaining({ id: saaz.variants[0].id, label: '100 г' }),
    ]);
  });

  it('names each wrong field beside it and sends nothing', async () => {
    const sent = server();
    renderPage(<ProductEditPage />, { path, route: '/admin/product/:id/edit' });
    await userEvent.clear(await screen.findByLabelText('Назва'));
    await userEvent.type(field('Назва'), 'Х');
    await userEvent.clear(field('Вага упаковки, кг'));
    await userEvent.type(field('Вага упаковки, кг'), '0');
    await userEvent.clear(field('Знижка, %'));
    await userEvent.type(field('Знижка, %'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Назва: щонайменше 2 символи')).toBeTruthy();
    expect(screen.getByText('Вага має бути більшою за 0')).toBeTruthy();
    expect(screen.getByText('Знижка: від 0 до 100 %')).toBeTruthy();
    expect(field('Назва').getAttribute('aria-invalid')).toBe('true');
    expect(sent.body).toBeNull();
  });

  it('the same messages in English for an English admin', async () => {
    server();
    await useLanguage.getState().setLanguage('en');
    renderPage(<ProductEditPage />, { path, route: '/admin/product/:id/edit' });
    const weight = await screen.findByLabelText('Package weight, kg');
    await userEvent.clear(weight);
    await userEvent.type(weight, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The weight must be above 0')).toBeTruthy();
  });

  it("puts the server's field problems beside the fields, in the chosen language", async () => {
    server(() => ({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'Некоректні дані (producer: Виробник не підходить до категорії: оберіть Чехія)',
        errors: [
          {
            path: 'producer',
            code: 'producerWrongCategory',
            params: { producers: 'Чехія, США' },
            message: 'Виробник не підходить до категорії: оберіть Чехія, США',
          },
        ],
      },
    }));
    await useLanguage.getState().setLanguage('en');
    renderPage(<ProductEditPage />, { path, route: '/admin/product/:id/edit' });
    await userEvent.selectOptions(await screen.findByLabelText('Country (producer)'), 'Czech Republic');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The producer does not fit the category: choose Чехія, США')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
