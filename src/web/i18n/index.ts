import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { uk, type Messages } from './uk';

export type Language = 'uk' | 'en';
// English comes when it is chosen: most shoppers never load it.
const locales: Partial<Record<Language, Messages>> = { uk };

/** Makes a language's texts available; main.tsx waits for the stored choice before the first render. */
export async function loadLanguage(language: Language): Promise<void> {
  if (!locales[language]) locales[language] = (await import('./en')).en;
}

interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => Promise<void>;
}

/** Ukrainian by default; the choice survives reloads. */
export const useLanguage = create<LanguageState>()(
  persist(
    (set) => ({
      language: 'uk',
      setLanguage: async (language) => {
        await loadLanguage(language);
        document.documentElement.lang = language;
        set({ language });
      },
    }),
    { name: 'language' },
  ),
);

/** The current locale's texts: `const t = useT(); t.catalog.addToCart`. */
export function useT(): Messages {
  return locales[useLanguage((s) => s.language)] ?? uk;
}

/** Outside React (toasts from API callbacks). */
export function currentMessages(): Messages {
  return locales[useLanguage.getState().language] ?? uk;
}

export type { Messages };
