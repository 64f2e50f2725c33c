import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OfferConsentMode } from '../../../shared/legal';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { useAuth } from '../../stores/auth';
import { toCartItem, useCart } from '../../stores/cart';
import { product, user } from '../../test/factories';
import { mockApi, renderPage } from '../../test/render';
import PlaceOrderPage from './place-order-page';

/** A signed-in shopper at the review step, the shop asking for the offer as `mode` says; the bodies of order calls are kept. */
function atReview(mode: OfferConsentMode) {
  const item = product({ countInStock: 5 });
  useCart.getState().addToCart(toCartItem(item, 1));
  useCart.getState().saveShipping({ recipientName: 'Оля', city: 'Київ', phoneNumber: '+380671234567', branch: 'Відділення №1', postalCode: '' });
  useCart.getState().savePaymentMethod('cash_on_delivery');
  useAuth.getState().setCredentials(user());
  const orders: unknown[] = [];
  mockApi((url, init) => {
    if (url.pathname === '/api/settings') {
      const { novaPoshtaSender: _sender, ...visible } = DEFAULT_SETTINGS;
      return { body: { ...visible, legal: { offerConsent: mode } } };
    }
    if (url.pathname === `/api/products/${item.id}`) return { body: { ...item, reviews: [] } };
    if (url.pathname === '/api/orders' && init.method === 'POST') {
      orders.push(JSON.parse(String(init.body)));
      return { status: 400, body: { message: 'stop here', code: 'BAD_INPUT' } };
    }
    return undefined;
  });
  renderPage(<PlaceOrderPage />, { path: '/placeorder' });
  return orders;
}

describe('the offer at the review step', () => {
  it('by default a line under the button says that ordering accepts the offer, with both links', async () => {
    const orders = atReview('notice');
    const line = await screen.findByText(/^Натискаючи «Замовити», ви приймаєте умови/);
    expect(line.textContent).toBe('Натискаючи «Замовити», ви приймаєте умови публічної оферти та погоджуєтесь з політикою конфіденційності.');
    expect(screen.getByRole('link', { name: 'публічної оферти' }).getAttribute('href')).toBe('/oferta');
    expect(screen.getByRole('link', { name: 'політикою конфіденційності' }).getAttribute('href')).toBe('/privacy');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Замовити' }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).not.toHaveProperty('acceptOffer');
  });

  it('with the checkbox, ordering without the tick says why and sends nothing; with it the order says acceptOffer', async () => {
    const orders = atReview('checkbox');
    const box = await screen.findByRole('checkbox', { name: /^Я приймаю умови публічної оферти/ });
    expect(screen.queryByText(/^Натискаючи/)).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Замовити' }));
    expect(await screen.findByText('Прийміть умови публічної оферти, щоб оформити замовлення.')).toBeTruthy();
    expect(document.activeElement).toBe(box);
    expect(orders).toHaveLength(0);
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Замовити' }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toMatchObject({ acceptOffer: true });
  });
});
