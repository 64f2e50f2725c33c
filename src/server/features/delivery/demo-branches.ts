import type { Branch } from '../../../shared/orders.js';

/**
 * The offline demo directory: used when NOVA_POSHTA_API_KEY is not set, so the shop works on a
 * laptop without a key or internet. A few branches of five large cities; not real data to ship by.
 */
const DEMO: Record<string, string[]> = {
  Київ: [
    'Відділення №1: вул. Пирогівський шлях, 135',
    'Відділення №2: вул. Богатирська, 11',
    'Відділення №5: вул. Федорова, 32',
    'Відділення №12: вул. Січових Стрільців, 28',
    'Поштомат №22601: просп. Перемоги, 24',
  ],
  Львів: [
    'Відділення №1: вул. Городоцька, 359',
    'Відділення №3: вул. Угорська, 22',
    'Відділення №10: вул. Шевченка, 60',
  ],
  Одеса: [
    'Відділення №1: вул. Отамана Головатого, 147',
    'Відділення №4: вул. Дерибасівська, 12',
    'Відділення №21: просп. Шевченка, 4',
  ],
  Харків: [
    'Відділення №1: вул. Польова, 67',
    'Відділення №3: вул. Клочківська, 111',
    'Відділення №8: просп. Науки, 5',
  ],
  Дніпро: [
    'Відділення №1: вул. Маршала Малиновського, 114',
    'Відділення №2: просп. Дмитра Яворницького, 67',
    'Відділення №6: вул. Тітова, 36',
  ],
};

/** Other spellings shoppers type for the same cities. */
const ALIASES: Record<string, string> = {
  kyiv: 'Київ',
  kiev: 'Київ',
  киев: 'Київ',
  lviv: 'Львів',
  львов: 'Львів',
  odesa: 'Одеса',
  odessa: 'Одеса',
  одесса: 'Одеса',
  kharkiv: 'Харків',
  харьков: 'Харків',
  dnipro: 'Дніпро',
  днепр: 'Дніпро',
};

const CANONICAL = new Map(Object.keys(DEMO).map((city) => [city.toLowerCase(), city]));

/** "м. київ " → "київ": how the cache and the demo directory compare city names. */
export function cityKey(city: string): string {
  return city
    .trim()
    .toLowerCase()
    .replace(/^(м\.|місто)\s*/u, '')
    .replace(/[’`']/g, 'ʼ')
    .replace(/\s+/g, ' ');
}

export function demoBranches(city: string): Branch[] {
  const key = cityKey(city);
  const name = CANONICAL.get(key) ?? ALIASES[key];
  if (!name) return [];
  return DEMO[name].map((description, i) => ({
    ref: `demo-${name}-${i + 1}`,
    number: description.match(/№(\d+)/)?.[1] ?? String(i + 1),
    description,
  }));
}
