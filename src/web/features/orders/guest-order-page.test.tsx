import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/orders';
import { formatUah } from '../../../shared/pricing';
import { useLanguage } from '../../i18n';
import { guestOrder } from '../../test/factories';
import { mockApi, renderPage } from '../../test/render';
import GuestOrderPage from './guest-order-page';

const TOKEN = 'Qx7_guest-secret-of-the-link-0123456789abcd';

const config = { methods: ['liqpay', 'cash_on_delivery'], paypalClientId: null, usdRate: null, testMode: true };
const paid = () => guestOrder({ status: 'paid', isPaid: true, paidAt: '2026-05-01T10:05:00.000Z' });

/** The API of a guest order: the order by its link, the payments config, and `pay` answering the test payment. */
function guestApi(pay: () => { status?: number; body: unknown }) {
  let current = guestOrder();
  const fetchMock = mockApi((url, init) => {
    if (url.pathname === '/api/config/payments') return { body: config };
    if (url.pathname === `/api/orders/guest/${TOKEN}` && (init.method ?? 'GET') === 'GET') return { body: current };
    if (url.pathname === `/api/orders/guest/${TOKEN}/pay` && init.method === 'PUT') {
      const answer = pay();
      if ((answer.status ?? 200) === 200) current = answer.body as Order;
      return answer;
    }
    return undefined;
  });
  return fetchMock;
}

const renderGuestOrder = () => renderPage(<GuestOrderPage />, { path: `/order/guest/${TOKEN}`, route: '/order/guest/:token' });

describe('a guest pays from the order’s link', () => {
  it('the customer’s payment panel, calling the link’s routes: the test payment leaves the order paid', async () => {
    const fetchMock = guestApi(() => ({ body: paid() }));
    renderGuestOrder();
    expect(await screen.findByRole('button', { name: `Оплатити карткою ${formatUah(1305)}` })).toBeTruthy();
    expect(screen.getByText('Не оплачено')).toBeTruthy();
    // The terms the order was placed under: that very version of the offer.
    expect(screen.getByRole('link', { name: 'Замовлення оформлено за публічною офертою, редакція 3' }).getAttribute('href')).toBe('/oferta/v/3');
    await userEvent.click(screen.getByRole('button', { name: 'Тестова оплата замовлення' }));
    expect(await screen.findByText(/^Оплачено /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Оплатити карткою/ })).toBeNull();
    const payCall = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/pay'));
    expect(payCall?.[0]).toBe(`/api/orders/guest/${TOKEN}/pay`);
    expect(JSON.parse(String(payCall?.[1]?.body))).toEqual({ test: true });
    // Never the signed-in owner's routes by the order's id.
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/orders/00000000'))).toBe(false);
  });

  it('a refusal stays on the panel in the shopper’s language, and the order stays unpaid', async () => {
    await useLanguage.getState().setLanguage('en');
    guestApi(() => ({ status: 409, body: { message: 'Замовлення скасоване', code: 'ORDER_CANCELLED' } }));
    renderGuestOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Test Pay Order' }));
    expect(await screen.findByText('The order is cancelled')).toBeTruthy();
    expect(screen.getByText('Not Paid')).toBeTruthy();
  });
});

describe('the order’s fiscal receipt', () => {
  it('an issued receipt shows its fiscal number and a link to Checkbox’s page; one still being issued is not shown', async () => {
    const url = 'https://check.checkbox.ua/0b6a1c2e-1111-5222-8333-444455556666';
    const withReceipts = guestOrder({
      ...paid(),
      receipts: [
        { kind: 'sell', state: 'issued', fiscalCode: 'TEST-AB12CD34', url },
        { kind: 'return', state: 'pending', fiscalCode: null, url: null },
      ],
    });
    mockApi((requested) => {
      if (requested.pathname === '/api/config/payments') return { body: config };
      if (requested.pathname === `/api/orders/guest/${TOKEN}`) return { body: withReceipts };
      return undefined;
    });
    renderGuestOrder();
    const link = await screen.findByRole('link', { name: 'Переглянути чек' });
    expect(link.getAttribute('href')).toBe(url);
    expect(screen.getByText(/фіскальний номер TEST-AB12CD34/)).toBeTruthy();
    expect(screen.queryByText('Чек повернення')).toBeNull();
  });
});
