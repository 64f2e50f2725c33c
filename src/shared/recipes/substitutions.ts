/**
 * The substitution table (docs/recipes.md): plain data the shop may edit. Each hop variety, yeast
 * strain and malt kind has the names recipes call it by (Latin and Cyrillic, accents optional),
 * and what ranks a substitute: hops by purpose, alpha and aroma family (plus an explicit list of
 * the usual swaps, best first); yeasts by strain family and attenuation; malts by kind and colour.
 */

export type HopPurpose = 'bittering' | 'aroma' | 'dual';
export type HopFamily = 'citrus-tropical' | 'noble' | 'english' | 'american-classic' | 'resinous' | 'new-zealand' | 'neutral-bittering' | 'african';

export interface HopVariety {
  name: string;
  aliases: string[];
  purpose: HopPurpose;
  alphaPct: number;
  family: HopFamily;
  /** The usual substitutes, best first (keys of this table). */
  substitutes: string[];
}

export const HOP_VARIETIES: Record<string, HopVariety> = {
  cascade: {
    name: 'Cascade',
    aliases: ['cascade', 'каскад'],
    purpose: 'aroma',
    alphaPct: 6,
    family: 'american-classic',
    substitutes: ['centennial', 'citra', 'amarillo'],
  },
  citra: {
    name: 'Citra',
    aliases: ['citra', 'цитра', 'hbc 394'],
    purpose: 'dual',
    alphaPct: 12.5,
    family: 'citrus-tropical',
    substitutes: ['galaxy', 'mosaic', 'simcoe', 'southern-passion'],
  },
  mosaic: {
    name: 'Mosaic',
    aliases: ['mosaic', 'мозаїк', 'мозаик', 'hbc 369'],
    purpose: 'dual',
    alphaPct: 12,
    family: 'citrus-tropical',
    substitutes: ['citra', 'galaxy', 'simcoe'],
  },
  centennial: {
    name: 'Centennial',
    aliases: ['centennial', 'сентенніал', 'сентениал'],
    purpose: 'dual',
    alphaPct: 10,
    family: 'american-classic',
    substitutes: ['cascade', 'chinook'],
  },
  simcoe: {
    name: 'Simcoe',
    aliases: ['simcoe', 'сімко', 'симко'],
    purpose: 'dual',
    alphaPct: 13,
    family: 'resinous',
    substitutes: ['mosaic', 'chinook', 'citra'],
  },
  chinook: {
    name: 'Chinook',
    aliases: ['chinook', 'чинук'],
    purpose: 'dual',
    alphaPct: 12.5,
    family: 'resinous',
    substitutes: ['simcoe', 'centennial', 'magnum'],
  },
  amarillo: {
    name: 'Amarillo',
    aliases: ['amarillo', 'амарилло'],
    purpose: 'aroma',
    alphaPct: 9,
    family: 'citrus-tropical',
    substitutes: ['cascade', 'centennial', 'citra'],
  },
  'hallertau-mittelfruh': {
    name: 'Hallertauer Mittelfrüh',
    aliases: [
      'hallertauer mittelfruh',
      'hallertau mittelfruh',
      'hallertauer mittelfrueh',
      'hallertau mittelfrueh',
      'mittelfruh',
      'hallertauer',
      'hallertau',
      'халлертауер',
      'галлертауер',
    ],
    purpose: 'aroma',
    alphaPct: 4,
    family: 'noble',
    substitutes: ['tettnang', 'saaz', 'perle'],
  },
  magnum: {
    name: 'Hallertauer Magnum',
    aliases: ['hallertauer magnum', 'hallertau magnum', 'magnum', 'магнум'],
    purpose: 'bittering',
    alphaPct: 13.5,
    family: 'neutral-bittering',
    substitutes: ['herkules', 'chinook', 'premiant'],
  },
  perle: {
    name: 'Perle',
    aliases: ['hallertauer perle', 'perle', 'перле'],
    purpose: 'dual',
    alphaPct: 7.5,
    family: 'noble',
    substitutes: ['premiant', 'challenger', 'hallertau-mittelfruh'],
  },
  tettnang: {
    name: 'Tettnanger',
    aliases: ['tettnanger', 'tettnang', 'теттнангер'],
    purpose: 'aroma',
    alphaPct: 4.3,
    family: 'noble',
    substitutes: ['hallertau-mittelfruh', 'saaz', 'styrian-golding'],
  },
  herkules: {
    name: 'Herkules',
    aliases: ['herkules', 'hercules', 'геркулес'],
    purpose: 'bittering',
    alphaPct: 15,
    family: 'neutral-bittering',
    substitutes: ['magnum', 'chinook'],
  },
  saaz: {
    name: 'Saaz',
    aliases: ['saaz', 'zatec', 'zatecky', 'czech saaz', 'жатецький', 'жатец', 'заац', 'саац'],
    purpose: 'aroma',
    alphaPct: 3.5,
    family: 'noble',
    substitutes: ['tettnang', 'hallertau-mittelfruh', 'styrian-golding'],
  },
  premiant: {
    name: 'Premiant',
    aliases: ['premiant', 'преміант', 'премиант'],
    purpose: 'dual',
    alphaPct: 8.5,
    family: 'noble',
    substitutes: ['perle', 'magnum'],
  },
  kazbek: { name: 'Kazbek', aliases: ['kazbek', 'казбек'], purpose: 'aroma', alphaPct: 6, family: 'noble', substitutes: ['saaz', 'celeia'] },
  'styrian-golding': {
    name: 'Styrian Golding',
    aliases: ['styrian golding', 'styrian goldings', 'savinjski golding', 'штирійський голдінг'],
    purpose: 'aroma',
    alphaPct: 4,
    family: 'english',
    substitutes: ['celeia', 'fuggle', 'east-kent-goldings'],
  },
  celeia: {
    name: 'Celeia',
    aliases: ['celeia', 'styrian celeia', 'целея'],
    purpose: 'aroma',
    alphaPct: 4.5,
    family: 'noble',
    substitutes: ['styrian-golding', 'saaz'],
  },
  bobek: {
    name: 'Bobek',
    aliases: ['bobek', 'styrian bobek', 'бобек'],
    purpose: 'aroma',
    alphaPct: 5,
    family: 'english',
    substitutes: ['fuggle', 'styrian-golding'],
  },
  'east-kent-goldings': {
    name: 'East Kent Goldings',
    aliases: ['east kent goldings', 'east kent golding', 'ekg', 'goldings', 'golding', 'іст кент голдінгс'],
    purpose: 'aroma',
    alphaPct: 5,
    family: 'english',
    substitutes: ['styrian-golding', 'fuggle', 'challenger'],
  },
  fuggle: {
    name: 'Fuggle',
    aliases: ['fuggle', 'fuggles', 'фаггл'],
    purpose: 'aroma',
    alphaPct: 4.5,
    family: 'english',
    substitutes: ['east-kent-goldings', 'styrian-golding', 'bobek'],
  },
  challenger: {
    name: 'Challenger',
    aliases: ['challenger', 'челленджер'],
    purpose: 'dual',
    alphaPct: 7.5,
    family: 'english',
    substitutes: ['perle', 'east-kent-goldings'],
  },
  galaxy: {
    name: 'Galaxy',
    aliases: ['galaxy', 'гелексі', 'галактика'],
    purpose: 'dual',
    alphaPct: 14,
    family: 'citrus-tropical',
    substitutes: ['citra', 'vic-secret', 'mosaic'],
  },
  ella: { name: 'Ella', aliases: ['ella', 'елла'], purpose: 'dual', alphaPct: 15, family: 'citrus-tropical', substitutes: ['galaxy', 'vic-secret'] },
  'vic-secret': {
    name: 'Vic Secret',
    aliases: ['vic secret', 'вік сікрет'],
    purpose: 'dual',
    alphaPct: 16,
    family: 'citrus-tropical',
    substitutes: ['galaxy', 'citra', 'ella'],
  },
  'nelson-sauvin': {
    name: 'Nelson Sauvin',
    aliases: ['nelson sauvin', 'nelson', 'нельсон совін'],
    purpose: 'dual',
    alphaPct: 12.5,
    family: 'new-zealand',
    substitutes: ['motueka', 'galaxy', 'mosaic'],
  },
  motueka: {
    name: 'Motueka',
    aliases: ['motueka', 'мотуека'],
    purpose: 'aroma',
    alphaPct: 7,
    family: 'new-zealand',
    substitutes: ['riwaka', 'saaz', 'nelson-sauvin'],
  },
  riwaka: {
    name: 'Riwaka',
    aliases: ['riwaka', 'рівака'],
    purpose: 'aroma',
    alphaPct: 5.5,
    family: 'new-zealand',
    substitutes: ['motueka', 'nelson-sauvin', 'citra'],
  },
  'southern-passion': {
    name: 'Southern Passion',
    aliases: ['southern passion'],
    purpose: 'aroma',
    alphaPct: 11,
    family: 'african',
    substitutes: ['african-queen', 'citra'],
  },
  'african-queen': {
    name: 'African Queen',
    aliases: ['african queen'],
    purpose: 'dual',
    alphaPct: 10.5,
    family: 'african',
    substitutes: ['southern-passion', 'mosaic'],
  },
};

export type YeastFamily = 'american-ale' | 'english-ale' | 'belgian-ale' | 'wheat' | 'german-ale' | 'lager' | 'kveik' | 'saison' | 'new-england';

export interface YeastStrain {
  name: string;
  /** Product codes and names (dry and the liquid strains of the same family). */
  aliases: string[];
  family: YeastFamily;
  attenuationPct: number;
  /** Whether the shop's packs of it are this strain itself, or this entry only names a liquid equivalent. */
  dry: boolean;
}

export const YEAST_STRAINS: Record<string, YeastStrain> = {
  'us-05': { name: 'SafAle US-05', aliases: ['us-05', 'us05', 'safale american', 'american ale'], family: 'american-ale', attenuationPct: 81, dry: true },
  'bry-97': { name: 'LalBrew BRY-97', aliases: ['bry-97', 'bry97', 'west coast'], family: 'american-ale', attenuationPct: 80, dry: true },
  wlp001: {
    name: 'WLP001 California Ale',
    aliases: ['wlp001', 'california ale', 'wyeast 1056', '1056', 'chico', 'wy1056'],
    family: 'american-ale',
    attenuationPct: 77,
    dry: false,
  },
  's-04': { name: 'SafAle S-04', aliases: ['s-04', 's04', 'safale english', 'english ale'], family: 'english-ale', attenuationPct: 75, dry: true },
  nottingham: { name: 'LalBrew Nottingham', aliases: ['nottingham', 'ноттінгем'], family: 'english-ale', attenuationPct: 78, dry: true },
  'london-esb': { name: 'LalBrew London ESB', aliases: ['london esb', 'esb'], family: 'english-ale', attenuationPct: 68, dry: true },
  wlp002: {
    name: 'WLP002 English Ale',
    aliases: ['wlp002', 'wyeast 1968', '1968', 'london ale', 'wy1968', 'wlp007'],
    family: 'english-ale',
    attenuationPct: 67,
    dry: false,
  },
  'be-256': { name: 'SafAle BE-256', aliases: ['be-256', 'be256', 'abbaye'], family: 'belgian-ale', attenuationPct: 84, dry: true },
  wlp500: {
    name: 'WLP500 Monastery Ale',
    aliases: ['wlp500', 'wlp530', 'wyeast 1214', 'wyeast 3787', 'trappist', 'abbey ale'],
    family: 'belgian-ale',
    attenuationPct: 78,
    dry: false,
  },
  'wb-06': { name: 'SafAle WB-06', aliases: ['wb-06', 'wb06', 'safbrew wheat'], family: 'wheat', attenuationPct: 86, dry: true },
  'munich-classic': { name: 'LalBrew Munich Classic', aliases: ['munich classic', 'munich wheat'], family: 'wheat', attenuationPct: 78, dry: true },
  wlp300: {
    name: 'WLP300 Hefeweizen',
    aliases: ['wlp300', 'wyeast 3068', '3068', 'hefeweizen ale', 'weihenstephan'],
    family: 'wheat',
    attenuationPct: 74,
    dry: false,
  },
  'k-97': { name: 'SafAle K-97', aliases: ['k-97', 'k97', 'kolsch', 'kölsch'], family: 'german-ale', attenuationPct: 81, dry: true },
  'w-34/70': {
    name: 'SafLager W-34/70',
    aliases: ['w-34/70', 'w34/70', '34/70', 'weihenstephan 34/70', 'saflager w-34'],
    family: 'lager',
    attenuationPct: 83,
    dry: true,
  },
  's-23': { name: 'SafLager S-23', aliases: ['s-23', 's23'], family: 'lager', attenuationPct: 82, dry: true },
  's-189': { name: 'SafLager S-189', aliases: ['s-189', 's189'], family: 'lager', attenuationPct: 84, dry: true },
  'diamond-lager': { name: 'LalBrew Diamond Lager', aliases: ['diamond lager', 'diamond'], family: 'lager', attenuationPct: 80, dry: true },
  novalager: { name: 'LalBrew NovaLager', aliases: ['novalager', 'nova lager'], family: 'lager', attenuationPct: 82, dry: true },
  wlp830: {
    name: 'WLP830 German Lager',
    aliases: ['wlp830', 'wyeast 2124', '2124', 'bohemian lager', 'german lager', 'wlp800', 'wyeast 2278'],
    family: 'lager',
    attenuationPct: 76,
    dry: false,
  },
  'voss-kveik': { name: 'LalBrew Voss Kveik', aliases: ['voss kveik', 'voss', 'kveik'], family: 'kveik', attenuationPct: 78, dry: true },
  'belle-saison': {
    name: 'LalBrew Belle Saison',
    aliases: ['belle saison', 'wlp565', 'wyeast 3724', 'saison'],
    family: 'saison',
    attenuationPct: 86,
    dry: true,
  },
  'verdant-ipa': {
    name: 'LalBrew Verdant IPA',
    aliases: ['verdant ipa', 'verdant', 'wyeast 1318', '1318', 'london ale iii', 'wlp066'],
    family: 'new-england',
    attenuationPct: 77,
    dry: true,
  },
};

export type MaltKind = 'pilsner' | 'pale' | 'munich' | 'vienna' | 'wheat' | 'crystal' | 'chocolate' | 'roasted' | 'red' | 'smoked' | 'other';

export interface MaltKindEntry {
  name: string;
  aliases: string[];
  /** Kinds that stand in for this one when it is missing (colour decides among them). */
  related: MaltKind[];
}

export const MALT_KINDS: Record<MaltKind, MaltKindEntry> = {
  pilsner: { name: 'Пілзнерний', aliases: ['pilsner', 'pilsen', 'pils', 'lager malt', 'пілзнер', 'пільзнер'], related: ['pale'] },
  pale: {
    name: 'Світлий ель',
    aliases: ['pale ale', 'pale malt', '2-row', '2 row', 'two row', 'maris otter', 'golden promise', 'pale', 'пейл ель', 'світлий'],
    related: ['pilsner', 'vienna'],
  },
  munich: { name: 'Мюнхенський', aliases: ['munich', 'мюнхенський', 'мюнхен'], related: ['vienna', 'red'] },
  vienna: { name: 'Віденський', aliases: ['vienna', 'віденський'], related: ['munich', 'pale'] },
  wheat: { name: 'Пшеничний', aliases: ['wheat', 'weizen', 'пшеничний', 'пшениця'], related: ['pilsner'] },
  crystal: { name: 'Карамельний', aliases: ['caramunich', 'carahell', 'caramel', 'crystal', 'cara', 'карамельний'], related: ['red', 'munich'] },
  chocolate: { name: 'Шоколадний', aliases: ['chocolate', 'chocolat', 'шоколадний'], related: ['roasted'] },
  roasted: { name: 'Палений', aliases: ['carafa', 'black malt', 'black patent', 'roasted barley', 'roasted', 'палений'], related: ['chocolate'] },
  red: { name: 'Червоний', aliases: ['red x', 'melanoidin', 'red', 'червоний'], related: ['munich', 'crystal'] },
  smoked: { name: 'Копчений', aliases: ['rauch', 'smoked', 'копчений'], related: [] },
  other: { name: 'Інший', aliases: [], related: [] },
};

/** Recipe lines the shop does not sell, by what they are; the page says so plainly. */
export const NOT_SOLD_HERE: { match: RegExp; reason: string }[] = [
  {
    match: /salt|gypsum|chloride|sulfate|sulphate|calcium|epsom|chalk|lactic acid|phosphoric|baking soda|сіль|гіпс|кислота/i,
    reason: 'Солі та кислоти для води в магазині не продаються',
  },
  {
    match: /fruit|puree|purée|mango|passion|raspberr|cherr|orange|lemon|peel|lime|фрукт|пюре|цедра/i,
    reason: 'Фрукти, пюре та цедру в магазині не продаються',
  },
  { match: /sugar|dextrose|honey|candi|lactose|maltodextrin|syrup|цукор|декстроз|мед|лактоз/i, reason: 'Цукри, мед і лактоза в магазині не продаються' },
  { match: /extract|dme|lme|екстракт/i, reason: 'Солодові екстракти в магазині не продаються' },
  {
    match: /irish moss|whirlfloc|protafloc|gelatin|isinglass|yeast nutrient|servomyces|ірландський мох|поживка/i,
    reason: 'Освітлювачі й поживки для дріжджів у магазині не продаються',
  },
  {
    match: /coriander|spice|pepper|vanilla|cinnamon|oat|rice|corn|flaked|коріандр|ваніль|спеці|пластівці/i,
    reason: 'Прянощі та несолодові зернові в магазині не продаються',
  },
];
