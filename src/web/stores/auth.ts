import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { UserInfo } from '../../shared/users';
import { useCart } from './cart';

export type { UserInfo };

/** Matches the session cookie's lifetime on the server. */
export const SESSION_MS = 30 * 24 * 60 * 60 * 1000;

interface AuthState {
  userInfo: UserInfo | null;
  /** When the session cookie expires; past it the client signs out by itself (docs/decisions/007-sessions.md). */
  expiresAt: number | null;
  setCredentials: (user: UserInfo) => void;
  signOut: () => void;
  /** Signs out if the stored expiration has passed; true when it did. */
  signOutIfExpired: () => boolean;
}

export const useAuth = create<AuthState>()(
  persist(
    (set, get) => ({
      userInfo: null,
      expiresAt: null,
      // The server sets a fresh cookie with every answer that returns user info.
      setCredentials: (userInfo) => set({ userInfo, expiresAt: Date.now() + SESSION_MS }),
      signOut: () => {
        // Signing out forgets everything this browser kept for the user (docs/decisions/007-sessions.md);
        // only the chosen language is not the user's secret and stays.
        const language = localStorage.getItem('language');
        localStorage.clear();
        if (language) localStorage.setItem('language', language);
        sessionStorage.clear();
        useCart.getState().resetCart();
        set({ userInfo: null, expiresAt: null });
      },
      signOutIfExpired: () => {
        const { userInfo, expiresAt } = get();
        if (!userInfo || (expiresAt !== null && expiresAt > Date.now())) return false;
        get().signOut();
        return true;
      },
    }),
    {
      name: 'userInfo',
      partialize: ({ userInfo, expiresAt }) => ({ userInfo, expiresAt }),
      onRehydrateStorage: () => (state) => {
        state?.signOutIfExpired();
      },
    },
  ),
);

// Timers are capped near 24.8 days, shorter than a session: wake up at most daily and look again.
const MAX_TIMER_MS = 24 * 60 * 60 * 1000;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleExpiry(expiresAt: number | null) {
  clearTimeout(expiryTimer);
  if (expiresAt === null) return;
  expiryTimer = setTimeout(
    () => {
      if (!useAuth.getState().signOutIfExpired()) scheduleExpiry(useAuth.getState().expiresAt);
    },
    Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS),
  );
}

if (typeof window !== 'undefined') {
  scheduleExpiry(useAuth.getState().expiresAt);
  useAuth.subscribe((state, previous) => {
    if (state.expiresAt !== previous.expiresAt) scheduleExpiry(state.expiresAt);
  });
  // A laptop that slept through the expiry: timers do not run while asleep.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') useAuth.getState().signOutIfExpired();
  });
  // Another tab signed in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== 'userInfo' && event.key !== null) return;
    if (localStorage.getItem('userInfo') === null) {
      if (useAuth.getState().userInfo) useAuth.setState({ userInfo: null, expiresAt: null });
    } else {
      void useAuth.persist.rehydrate();
    }
  });
}
