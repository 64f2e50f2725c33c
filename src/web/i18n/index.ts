import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { en } from './en';
import { uk, type Messages } from './uk';

export type Language = 'uk' | 'en';
const locales: Record<Language, Messages> = { uk, en };

interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
}

/** Ukrainian by default; the choice survives reloads. */
export const useLanguage = create<LanguageState>()(
  persist(
    (set) => ({
      language: 'uk',
      setLanguage: (language) => {
        document.documentElement.lang = language;
        set({ language });
      },
    }),
    { name: 'language' },
  ),
);

/** The current locale's texts: `const t = useT(); t.catalog.addToCart`. */
export function useT(): Messages {
  return locales[useLanguage((s) => s.language)];
}

/** Outside React (toasts from API callbacks). */
export function currentMessages(): Messages {
  return locales[useLanguage.getState().language];
}

export type { Messages };
