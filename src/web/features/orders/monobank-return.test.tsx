import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatUah } from '../../../shared/pricing';
import { guestOrder } from '../../test/factories';
import { mockApi, renderPage } from '../../test/render';
import GuestOrderPage from './guest-order-page';

const TOKEN = 'Qx7_guest-secret-of-the-link-0123456789abcd';
const ORDER = guestOrder({
  id: '00000000-0000-4000-8000-000000000043',
  number: 1043,
  shipping: { ...guestOrder().shipping, city: 'Біла Церква', branch: 'Відділення №2' },
  paymentMethodId: 'monobank',
  orderItems: [],
});

/** The guest order's API with monobank: the status route answers what monobank says (paid or not). */
function monobankApi(paidByMonobank: boolean) {
  let current = ORDER;
  return mockApi((url, init) => {
    if (url.pathname === '/api/config/payments')
      return { body: { methods: ['monobank', 'cash_on_delivery'], paypalClientId: null, usdRate: null, testMode: false } };
    if (url.pathname === `/api/orders/guest/${TOKEN}` && (init.method ?? 'GET') === 'GET') return { body: current };
    if (url.pathname === `/api/orders/guest/${TOKEN}/monobank/status` && init.method === 'POST') {
      if (paidByMonobank) current = { ...ORDER, status: 'paid', isPaid: true, paidAt: '2026-05-01T10:05:00.000Z' };
      return { body: current };
    }
    return undefined;
  });
}

const statusCalls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/monobank/status')).length;

describe('back from monobank’s page (docs/payments.md)', () => {
  it('the order page asks the server to check the invoice once, and shows the order paid', async () => {
    const fetchMock = monobankApi(true);
    renderPage(<GuestOrderPage />, { path: `/order/guest/${TOKEN}?monobank=return`, route: '/order/guest/:token' });
    expect(await screen.findByText(/^Оплачено /)).toBeTruthy();
    expect(statusCalls(fetchMock)).toBe(1);
    expect(screen.queryByRole('button', { name: /через monobank/ })).toBeNull();
  });

  it('not paid yet: the shopper is told so and may pay again', async () => {
    const fetchMock = monobankApi(false);
    renderPage(<GuestOrderPage />, { path: `/order/guest/${TOKEN}?monobank=return`, route: '/order/guest/:token' });
    expect(await screen.findByText(/monobank ще не підтвердив оплату/)).toBeTruthy();
    expect(screen.getByRole('button', { name: `Оплатити ${formatUah(1305)} через monobank` })).toBeTruthy();
    expect(statusCalls(fetchMock)).toBe(1);
  });

  it('an ordinary visit shows the pay button and asks monobank nothing', async () => {
    const fetchMock = monobankApi(true);
    renderPage(<GuestOrderPage />, { path: `/order/guest/${TOKEN}`, route: '/order/guest/:token' });
    expect(await screen.findByRole('button', { name: `Оплатити ${formatUah(1305)} через monobank` })).toBeTruthy();
    expect(screen.getByText('Карткою, Apple Pay або Google Pay на сторінці monobank.')).toBeTruthy();
    expect(statusCalls(fetchMock)).toBe(0);
  });
});
