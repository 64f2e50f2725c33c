import { use } from 'react';
import { create } from 'zustand';
import { fetchOnce } from '../lazy';
import { persist } from 'zustand/middleware';
import { uk, type Messages } from './uk';

export type Language = 'uk' | 'en';
// English comes when it is chosen: most shoppers never load it.
const locales: Partial<Record<Language, Messages>> = { uk };

/**
 * Texts only some screens use (account, checkout, orders, admin): their Ukrainian comes with
 * those screens' code, not with the first page, and their English when it is chosen
 * (docs/decisions/012-first-load.md).
 */
export interface FeatureTexts<Sections extends object> {
  uk: Sections;
  /** Fetches the English texts, once. */
  english: () => Promise<Sections>;
}

const featureTexts = new Set<FeatureTexts<object>>();

export function defineFeatureTexts<Sections extends object>(uk: Sections, loadEnglish: () => Promise<Sections>): FeatureTexts<Sections> {
  const texts: FeatureTexts<Sections> = { uk, english: fetchOnce(loadEnglish) };
  featureTexts.add(texts);
  return texts;
}

/**
 * Makes a language's texts available, those of the feature screens loaded so far too; main.tsx
 * waits for the stored choice before the first render.
 */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'uk') return;
  const core = locales.en ? undefined : import('./en').then((module) => (locales.en = module.en));
  await Promise.all([core, ...[...featureTexts].map((texts) => texts.english())]);
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

/**
 * The current locale's texts: `const t = useT(); t.catalog.addToCart`, and with a feature's texts,
 * `const t = useT(orderTexts); t.orders.orderTitle(5)`. A screen whose English texts are still on
 * their way suspends until they are here.
 */
export function useT(): Messages;
export function useT<A extends object>(a: FeatureTexts<A>): Messages & A;
export function useT<A extends object, B extends object>(a: FeatureTexts<A>, b: FeatureTexts<B>): Messages & A & B;
export function useT(...features: FeatureTexts<object>[]): Messages {
  const language = useLanguage((s) => s.language);
  const core = locales[language] ?? uk;
  if (!features.length) return core;
  const sections = features.map((texts) => {
    if (language === 'uk') return texts.uk;
    return use(texts.english());
  });
  return Object.assign({}, core, ...sections) as Messages;
}

/** Outside React (toasts from API callbacks). */
export function currentMessages(): Messages {
  return locales[useLanguage.getState().language] ?? uk;
}

export type { Messages };
