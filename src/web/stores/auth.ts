import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useCart } from './cart';

export interface UserInfo {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** Matches the session cookie's lifetime on the server. */
export const SESSION_MS = 30 * 24 * 60 * 60 * 1000;

interface AuthState {
  userInfo: UserInfo | null;
  /** When the session cookie expires; past it the client signs out by itself (SPEC.md §4). */
  expiresAt: number | null;
  setCredentials: (user: UserInfo) => void;
  signOut: () => void;
}

export const useAuth = create<AuthState>()(
  persist(
    (set) => ({
      userInfo: null,
      expiresAt: null,
      // The server sets a fresh cookie with every answer that returns user info.
      setCredentials: (userInfo) => set({ userInfo, expiresAt: Date.now() + SESSION_MS }),
      signOut: () => {
        // Signing out forgets everything this browser kept for the user (SPEC.md §4);
        // only the chosen language is not the user's secret and stays.
        const language = localStorage.getItem('language');
        localStorage.clear();
        if (language) localStorage.setItem('language', language);
        sessionStorage.clear();
        useCart.getState().resetCart();
        set({ userInfo: null, expiresAt: null });
      },
    }),
    {
      name: 'userInfo',
      onRehydrateStorage: () => (state) => {
        if (state?.expiresAt && state.expiresAt < Date.now()) state.signOut();
      },
    },
  ),
);
