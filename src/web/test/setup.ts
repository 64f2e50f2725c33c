import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useLanguage } from '../i18n';
import { useAuth } from '../stores/auth';
import { useCart } from '../stores/cart';

// Each test starts from an empty page, signed out, with an empty cart, in Ukrainian, and with
// nothing in storage (the cart, the session and the language persist there).
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useCart.getState().resetCart();
  useAuth.setState({ userInfo: null, expiresAt: null });
  useLanguage.setState({ language: 'uk' });
  localStorage.clear();
  sessionStorage.clear();
});
