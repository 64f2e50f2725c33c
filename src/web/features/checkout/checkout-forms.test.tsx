import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Branch, City } from '../../../shared/delivery';
import { useLanguage } from '../../i18n';
import { useAuth } from '../../stores/auth';
import { toCartItem, useCart } from '../../stores/cart';
import { product, user } from '../../test/factories';
import { mockApi, renderPage } from '../../test/render';
import PaymentPage from './payment-page';
import ShippingPage from './shipping-page';

const kyiv: City = {
  ref: 'e718a680-4b33-11e4-ab6d-005056801329',
  cityRef: '8d5a980d-391c-11dd-90d9-001a92567626',
  name: 'Київ',
  area: 'Київська',
  region: '',
  type: 'місто',
  warehouses: 100,
};
const branch: Branch = {
  ref: '1ec09d88-e1c2-11e3-8c4a-0050568002cf',
  number: '1',
  description: 'Відділення №1: вул. Хрещатик, 1',
  address: 'вул. Хрещатик, 1',
  type: 'branch',
  maxWeightKg: 30,
};

/** The directory answers the saved branch's re-check with the branch itself. */
const directory = () => mockApi((url) => (url.pathname === '/api/delivery/branches' ? { body: { branches: [branch], total: 1, demo: true } } : undefined));

function withCart() {
  useCart.getState().addToCart(toCartItem(product(), 1));
}

describe('the shipping step', () => {
  it('an empty form names every missing field, in Ukrainian', async () => {
    withCart();
    directory();
    renderPage(<ShippingPage />, { path: '/shipping' });
    await userEvent.click(screen.getByRole('button', { name: 'Продовжити' }));
    expect(await screen.findByText('Вкажіть ім’я та прізвище отримувача')).toBeTruthy();
    expect(screen.getByText('Вкажіть номер телефону')).toBeTruthy();
    expect(screen.getByText('Оберіть населений пункт зі списку')).toBeTruthy();
    // A guest's e-mail is optional: the phone is enough (docs/delivery.md).
    expect(screen.queryByText('Вкажіть електронну пошту')).toBeNull();
    expect(useCart.getState().shipping).toBeNull();
  });

  it('in English the same mistakes read in English, never Ukrainian or zod defaults', async () => {
    withCart();
    directory();
    await useLanguage.getState().setLanguage('en');
    renderPage(<ShippingPage />, { path: '/shipping' });
    await userEvent.type(screen.getByLabelText('Phone'), '12345');
    await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the recipient’s full name')).toBeTruthy();
    expect(screen.getByText(/Enter a Ukrainian number: 10 digits/)).toBeTruthy();
    expect(screen.getByText('Invalid e-mail address')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/[а-яіїєґ]{4,}|Invalid input/i);
  });

  it('a guest with a checked branch goes on to payment; the phone is kept in its normal form', async () => {
    withCart();
    directory();
    useCart.getState().saveShipping({
      recipientName: '',
      city: kyiv.name,
      phoneNumber: '',
      branch: branch.description,
      postalCode: '',
      settlementRef: kyiv.ref,
      branchRef: branch.ref,
      settlement: kyiv,
      branchPoint: branch,
    });
    renderPage(<ShippingPage />, { path: '/shipping' });
    await userEvent.type(screen.getByLabelText('Ім’я та прізвище отримувача'), 'Оля Пивоварка');
    await userEvent.type(screen.getByLabelText('Телефон'), '067 123 45 67');
    await userEvent.type(screen.getByLabelText('Електронна пошта'), ' Olia@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Продовжити' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/payment'));
    expect(useCart.getState().shipping).toMatchObject({
      recipientName: 'Оля Пивоварка',
      phoneNumber: '+380671234567',
      city: 'Київ',
      branch: branch.description,
      branchRef: branch.ref,
      guestEmail: 'olia@example.com',
    });
  });

  it('a guest may leave the e-mail empty; the comment goes with the address', async () => {
    withCart();
    directory();
    useCart.getState().saveShipping({
      recipientName: 'Оля Пивоварка',
      city: kyiv.name,
      phoneNumber: '0671234567',
      branch: branch.description,
      postalCode: '',
      settlementRef: kyiv.ref,
      branchRef: branch.ref,
      settlement: kyiv,
      branchPoint: branch,
    });
    renderPage(<ShippingPage />, { path: '/shipping' });
    expect(screen.getByRole('link', { name: 'Увійти' }).getAttribute('href')).toBe('/login?redirect=%2Fshipping');
    await userEvent.type(screen.getByLabelText('Коментар до замовлення'), 'Зателефонуйте перед відправкою');
    await userEvent.click(screen.getByRole('button', { name: 'Продовжити' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/payment'));
    expect(useCart.getState().shipping).toMatchObject({ guestEmail: '', comment: 'Зателефонуйте перед відправкою', delivery: 'branch' });
  });

  it('what was typed survives a reload: the step starts from the tab’s draft', async () => {
    withCart();
    directory();
    const first = renderPage(<ShippingPage />, { path: '/shipping' });
    await userEvent.type(screen.getByLabelText('Ім’я та прізвище отримувача'), 'Оля Пивоварка');
    await userEvent.type(screen.getByLabelText('Коментар до замовлення'), 'Після 18:00');
    first.unmount();
    renderPage(<ShippingPage />, { path: '/shipping' });
    expect((screen.getByLabelText('Ім’я та прізвище отримувача') as HTMLInputElement).value).toBe('Оля Пивоварка');
    expect((screen.getByLabelText('Коментар до замовлення') as HTMLTextAreaElement).value).toBe('Після 18:00');
  });

  it('a signed-in shopper is not asked for an e-mail', async () => {
    withCart();
    directory();
    useAuth.getState().setCredentials(user({ name: 'Оля', phone: '+380671234567' }));
    renderPage(<ShippingPage />, { path: '/shipping' });
    expect((screen.getByLabelText('Ім’я та прізвище отримувача') as HTMLInputElement).value).toBe('Оля');
    expect(screen.queryByLabelText('Електронна пошта')).toBeNull();
  });
});

describe('the payment step', () => {
  const saveAddress = () =>
    useCart.getState().saveShipping({ recipientName: 'Оля', city: 'Київ', phoneNumber: '+380671234567', branch: branch.description, postalCode: '' });

  it('offers only the methods the shop takes now and saves the choice', async () => {
    saveAddress();
    mockApi((url) => (url.pathname === '/api/config/payments' ? { body: { methods: ['paypal', 'cash_on_delivery'] } } : undefined));
    renderPage(<PaymentPage />, { path: '/payment' });
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(['paypal', 'cash_on_delivery']);
    // The saved default (cash on delivery) is among them, so it is preselected.
    expect((screen.getByRole('radio', { checked: true }) as HTMLInputElement).value).toBe('cash_on_delivery');
    await userEvent.click(radios[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Продовжити' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/placeorder'));
    expect(useCart.getState().paymentMethod).toBe('paypal');
  });

  it('a saved method the shop no longer takes is not preselected', async () => {
    saveAddress();
    useCart.getState().savePaymentMethod('liqpay');
    mockApi((url) => (url.pathname === '/api/config/payments' ? { body: { methods: ['card_transfer', 'cash_on_delivery'] } } : undefined));
    renderPage(<PaymentPage />, { path: '/payment' });
    await screen.findAllByRole('radio');
    expect((screen.getByRole('radio', { checked: true }) as HTMLInputElement).value).toBe('card_transfer');
  });

  it('without an address, back to the shipping step', () => {
    mockApi(() => undefined);
    renderPage(<PaymentPage />, { path: '/payment' });
    expect(screen.getByTestId('where').textContent).toBe('/shipping');
  });
});
