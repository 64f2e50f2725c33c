import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../shared/products';
import { useLanguage } from '../../i18n';
import { product } from '../../test/factories';
import { mockApi, renderPage } from '../../test/render';
import ProductEditPage from './product-edit-page';

const saaz: ProductDetail = { ...product({ origin: 'Czech Republic' }), reviews: [] };
const path = `/admin/product/${saaz._id}/edit`;

/** The product to edit, and what the form sends back (null until it sends). */
function server(answerPut: (body: unknown) => { status?: number; body: unknown } = (body) => ({ body })) {
  const sent: { body: unknown } = { body: null };
  mockApi((url, init) => {
    if (url.pathname !== `/api/products/${saaz._id}`) return undefined;
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
    await userEvent.clear(field('Вміст альфа-кислот, %'));
    // (happy-dom does not preselect a select's option from the form's default value; a browser does.)
    await userEvent.selectOptions(field('Країна (виробник)'), 'Czech Republic');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/productlist'));
    expect(sent.body).toEqual({
      name: 'Хміль Saaz 2025',
      price: 135.5,
      discount: 0,
      image: saaz.image,
      origin: 'Czech Republic',
      category: 'Hops',
      description: saaz.description,
      countInStock: 5,
      weight: 0.1,
      cropYear: 2024,
      alfa: null,
      ferment_temp: null,
      ferment_type: null,
    });
  });

  it('reads a decimal comma as Ukrainians type it, and refuses what it cannot read exactly', async () => {
    const sent = server();
    renderPage(<ProductEditPage />, { path, route: '/admin/product/:id/edit' });
    await userEvent.clear(await screen.findByLabelText('Ціна, грн'));
    await userEvent.type(field('Ціна, грн'), '1,2,3');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(field('Ціна, грн').getAttribute('aria-invalid')).toBe('true'));
    expect(sent.body).toBeNull();

    await userEvent.clear(field('Ціна, грн'));
    await userEvent.type(field('Ціна, грн'), '52,20');
    await userEvent.clear(field('Вага упаковки, кг'));
    await userEvent.type(field('Вага упаковки, кг'), '0,1');
    await userEvent.clear(field('Вміст альфа-кислот, %'));
    await userEvent.type(field('Вміст альфа-кислот, %'), '3,5');
    await userEvent.selectOptions(field('Країна (виробник)'), 'Czech Republic');
    await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(sent.body).toMatchObject({ price: 52.2, weight: 0.1, alfa: 3.5 }));
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
        message: 'Некоректні дані (origin: Виробник не підходить до категорії: оберіть Чехія)',
        errors: [
          {
            path: 'origin',
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
