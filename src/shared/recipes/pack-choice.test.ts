import { describe, expect, test } from 'vitest';
import { choosePacks, choosePacksByBruteForce, type PackOption } from './pack-choice';

const hopPacks: PackOption[] = [
  { id: '50g', content: 0.05, priceMinor: 130_00, countInStock: 10 },
  { id: '100g', content: 0.1, priceMinor: 240_00, countInStock: 10 },
  { id: '1kg', content: 1, priceMinor: 1800_00, countInStock: 2 },
];

describe('pack choice', () => {
  test('130 g of hops: one 100 g and one 50 g pack, 20 g left over', () => {
    const choice = choosePacks(0.13, hopPacks);
    expect(choice.packs).toEqual([
      { id: '100g', qty: 1 },
      { id: '50g', qty: 1 },
    ]);
    expect(choice.costMinor).toBe(370_00);
    expect(choice.leftover).toBeCloseTo(0.02, 9);
    expect(choice.shortfall).toBe(0);
  });

  test('6 kg of malt: 5 kg + 1 kg, not six 1 kg bags', () => {
    const malt: PackOption[] = [
      { id: '1kg', content: 1, priceMinor: 62_00, countInStock: 100 },
      { id: '5kg', content: 5, priceMinor: 295_00, countInStock: 10 },
      { id: '25kg', content: 25, priceMinor: 1320_00, countInStock: 2 },
    ];
    expect(choosePacks(5.75, malt).packs).toEqual([
      { id: '5kg', qty: 1 },
      { id: '1kg', qty: 1 },
    ]);
  });

  test('a cost within the margin of the cheapest loses to one that leaves less', () => {
    const packs: PackOption[] = [
      { id: 'big', content: 0.1, priceMinor: 200_00, countInStock: 5 },
      { id: 'small', content: 0.03, priceMinor: 67_00, countInStock: 5 },
    ];
    // 90 g: one 100 g pack (200 грн, 10 g left) or three 30 g packs (201 грн, nothing left).
    expect(choosePacks(0.09, packs).packs).toEqual([{ id: 'small', qty: 3 }]);
  });

  test('within stock: the sold-out pack is never chosen, and a shortfall is said', () => {
    const choice = choosePacks(0.5, [
      { id: '1kg', content: 1, priceMinor: 1000_00, countInStock: 0 },
      { id: '100g', content: 0.1, priceMinor: 240_00, countInStock: 3 },
    ]);
    expect(choice.packs).toEqual([{ id: '100g', qty: 3 }]);
    expect(choice.shortfall).toBeCloseTo(0.2, 9);
  });

  test('nothing needed, nothing bought', () => {
    expect(choosePacks(0, hopPacks)).toEqual({ packs: [], costMinor: 0, leftover: 0, shortfall: 0 });
  });

  test('agrees with trying every combination on 500 small random cases', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 500; round++) {
      const options: PackOption[] = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => ({
        id: `p${i}`,
        content: [0.05, 0.1, 0.25, 1, 5][Math.floor(random() * 5)],
        priceMinor: Math.round(50_00 + random() * 2000_00),
        countInStock: Math.floor(random() * 5),
      }));
      const amount = Math.round(random() * 3000) / 1000;
      const fast = choosePacks(amount, options);
      const slow = choosePacksByBruteForce(amount, options);
      const context = JSON.stringify({ amount, options });
      expect(fast.costMinor, context).toBe(slow.costMinor);
      expect(fast.leftover, context).toBeCloseTo(slow.leftover, 9);
      expect(fast.shortfall, context).toBeCloseTo(slow.shortfall, 9);
    }
  });
});
