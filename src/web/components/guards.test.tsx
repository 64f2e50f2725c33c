import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuth } from '../stores/auth';
import { user } from '../test/factories';
import { mayVisit, RequireAdmin, RequireAuth, safeRedirect } from './guards';

describe('safeRedirect: only a path of this shop', () => {
  it.each(['/profile', '/order/42?placed=1', '/admin/product/1/edit#image', '/search/%D1%85%D0%BC%D1%96%D0%BB%D1%8C'])('keeps %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    '//evil.com',
    '///evil.com',
    'https://evil',
    'http://evil.com/profile',
    '/\\evil',
    '/\\/evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    'javascript:alert(1)',
    ' /profile',
    'profile',
    '',
    null,
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });
});

describe('mayVisit', () => {
  it('admin screens are for admins, the rest for anyone signed in', () => {
    expect(mayVisit('/profile', null)).toBe(false);
    expect(mayVisit('/profile', user())).toBe(true);
    expect(mayVisit('/admin/orderlist', user())).toBe(false);
    expect(mayVisit('/admin/orderlist', user({ isAdmin: true }))).toBe(true);
  });
});

/** Where the router ended up, path and query. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<RequireAuth />}>
          <Route path="/profile" element={<p>profile</p>} />
        </Route>
        <Route element={<RequireAdmin />}>
          <Route path="/admin/orderlist" element={<p>orders</p>} />
        </Route>
        <Route path="/login" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('route guards', () => {
  afterEach(() => useAuth.setState({ userInfo: null, expiresAt: null }));

  it('a guest is sent to /login with the way back, query included', () => {
    renderAt('/profile?tab=orders');
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fprofile%3Ftab%3Dorders');
  });

  it('a signed-in shopper opens their pages', () => {
    useAuth.getState().setCredentials(user());
    renderAt('/profile');
    expect(screen.getByText('profile')).toBeTruthy();
  });

  it('a customer on an admin screen goes to /login too; an admin stays', () => {
    useAuth.getState().setCredentials(user());
    renderAt('/admin/orderlist');
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fadmin%2Forderlist');
  });

  it('an admin opens admin screens', () => {
    useAuth.getState().setCredentials(user({ isAdmin: true }));
    renderAt('/admin/orderlist');
    expect(screen.getByText('orders')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
