import { createHash } from 'node:crypto';
import type { BranchType, City, Street } from '../../../shared/delivery.js';
import { normalizeText } from '../../../shared/delivery.js';
import type { Warehouse } from './nova-poshta-client.js';

/**
 * The offline demo directory (docs/delivery.md): used when NOVA_POSHTA_API_KEY is not set, so the
 * shop works on a laptop without a key or internet. A few branches, cargo branches and parcel
 * lockers of several real cities, with made-up refs: good for trying the shop, not to ship by.
 */

interface DemoSettlement {
  name: string;
  type: string;
  area: string;
  region: string;
  /** Other spellings shoppers type for the same place. */
  aliases?: string[];
  points: [number, BranchType, string][];
}

const SETTLEMENTS: DemoSettlement[] = [
  {
    name: 'Київ',
    type: 'м.',
    area: 'Київська',
    region: '',
    aliases: ['kyiv', 'kiev', 'киев'],
    points: [
      [1, 'cargo', 'вул. Пирогівський шлях, 135'],
      [2, 'branch', 'вул. Богатирська, 11'],
      [5, 'branch', 'вул. Федорова, 32'],
      [12, 'branch', 'вул. Січових Стрільців, 28'],
      [31, 'branch', 'просп. Берестейський, 84'],
      [118, 'branch', 'вул. Хрещатик, 22'],
      [5590, 'locker', 'вул. Хрещатик, 14'],
      [22601, 'locker', 'просп. Перемоги, 24'],
      [22715, 'locker', 'вул. Саксаганського, 121'],
    ],
  },
  {
    name: 'Львів',
    type: 'м.',
    area: 'Львівська',
    region: 'Львівський',
    aliases: ['lviv', 'львов'],
    points: [
      [1, 'cargo', 'вул. Городоцька, 359'],
      [3, 'branch', 'вул. Угорська, 22'],
      [10, 'branch', 'вул. Шевченка, 60'],
      [24, 'branch', 'просп. Свободи, 45'],
      [8107, 'locker', 'пл. Ринок, 1'],
    ],
  },
  {
    name: 'Одеса',
    type: 'м.',
    area: 'Одеська',
    region: 'Одеський',
    aliases: ['odesa', 'odessa', 'одесса'],
    points: [
      [1, 'cargo', 'вул. Отамана Головатого, 147'],
      [4, 'branch', 'вул. Дерибасівська, 12'],
      [21, 'branch', 'просп. Шевченка, 4'],
      [6310, 'locker', 'вул. Преображенська, 34'],
    ],
  },
  {
    name: 'Харків',
    type: 'м.',
    area: 'Харківська',
    region: 'Харківський',
    aliases: ['kharkiv', 'харьков'],
    points: [
      [1, 'cargo', 'вул. Польова, 67'],
      [3, 'branch', 'вул. Клочківська, 111'],
      [8, 'branch', 'просп. Науки, 5'],
      [7420, 'locker', 'вул. Сумська, 25'],
    ],
  },
  {
    name: 'Дніпро',
    type: 'м.',
    area: 'Дніпропетровська',
    region: 'Дніпровський',
    aliases: ['dnipro', 'днепр'],
    points: [
      [1, 'cargo', 'вул. Маршала Малиновського, 114'],
      [2, 'branch', 'просп. Дмитра Яворницького, 67'],
      [6, 'branch', 'вул. Тітова, 36'],
      [4512, 'locker', 'вул. Європейська, 8'],
    ],
  },
  {
    name: 'Біла Церква',
    type: 'м.',
    area: 'Київська',
    region: 'Білоцерківський',
    aliases: ['bila tserkva', 'белая церковь'],
    points: [
      [1, 'cargo', 'вул. Сквирське шосе, 180'],
      [2, 'branch', 'бульв. Олександрійський, 68'],
      [3, 'branch', 'вул. Ярослава Мудрого, 40'],
      [7, 'branch', 'вул. Леваневського, 51'],
      [12, 'branch', 'вул. Січових Стрільців, 12'],
      [26081, 'locker', 'вул. Ярослава Мудрого, 2'],
      [26094, 'locker', 'бульв. Олександрійський, 95'],
    ],
  },
  // Two villages of one name: the oblast and the district tell them apart.
  {
    name: 'Біла Криниця',
    type: 'с.',
    area: 'Рівненська',
    region: 'Рівненський',
    points: [[1, 'branch', 'вул. Шевченка, 3']],
  },
  {
    name: 'Біла Криниця',
    type: 'с.',
    area: 'Житомирська',
    region: 'Житомирський',
    points: [[1, 'branch', 'вул. Центральна, 17']],
  },
];

/** Per-parcel limits of the kinds of points, kg: Nova Poshta's usual figures. */
const DEMO_LIMITS: Record<BranchType, number> = { branch: 30, cargo: 1000, locker: 20 };
const NAMES: Record<BranchType, (n: number) => string> = {
  branch: (n) => `Відділення №${n} (до 30 кг)`,
  cargo: (n) => `Вантажне відділення №${n}`,
  locker: (n) => `Поштомат "Нова Пошта" №${n}`,
};

/** A stable UUID-shaped ref for a demo record. */
function demoRef(key: string): string {
  const hex = createHash('sha1').update(`demo:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface DemoEntry {
  city: City;
  keys: string[];
  warehouses: Warehouse[];
}

const ENTRIES: DemoEntry[] = SETTLEMENTS.map((s) => {
  const id = `${s.name}/${s.area}`;
  const ref = demoRef(`settlement:${id}`);
  const cityRef = demoRef(`city:${id}`);
  return {
    city: { ref, cityRef, name: s.name, area: s.area, region: s.region, type: s.type, warehouses: s.points.length },
    keys: [normalizeText(s.name), ...(s.aliases ?? [])],
    warehouses: s.points.map(([number, type, address]) => ({
      ref: demoRef(`warehouse:${id}:${type}:${number}`),
      number: String(number),
      description: `${NAMES[type](number)}: ${address}`,
      address,
      type,
      maxWeightKg: DEMO_LIMITS[type],
      settlementRef: ref,
      cityRef,
      settlementName: s.name,
      open: true,
    })),
  };
});

/** Settlements whose name (or a word of it) starts with the query, as Nova Poshta matches them. */
export function demoSettlements(query: string): City[] {
  const q = normalizeText(query);
  if (!q) return [];
  return ENTRIES.filter((e) => e.keys.some((key) => key.startsWith(q) || key.split(/[\s-]/).some((word) => word.startsWith(q)))).map((e) => e.city);
}

export function demoWarehousesOf(settlementRef: string): Warehouse[] {
  return ENTRIES.find((e) => e.city.ref === settlementRef)?.warehouses ?? [];
}

/** The older lookup by a city's name ("м. київ", "Kyiv"): the first settlement of that name. */
export function demoWarehousesByName(city: string): Warehouse[] {
  const key = normalizeText(city).replace(/^(м\.|місто)\s*/u, '');
  return ENTRIES.find((e) => e.keys.includes(key))?.warehouses ?? [];
}

/** Streets of a demo settlement: the streets its points stand on ("вул. Хрещатик"), made-up refs. */
export function demoStreets(settlementRef: string, query: string): Street[] {
  const entry = ENTRIES.find((e) => e.city.ref === settlementRef);
  if (!entry) return [];
  const q = normalizeText(query);
  const names = [...new Set(entry.warehouses.map((w) => w.address.split(',')[0].trim()))];
  return names
    .filter((name) => normalizeText(name).includes(q))
    .map((name) => ({ ref: demoRef(`street:${entry.city.ref}:${name}`), name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'uk'));
}
