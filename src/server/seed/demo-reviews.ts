import type { UserRow } from '../db/schema.js';
import type { DemoProduct } from './demo-catalog.js';

export const demoReviewers = [
  { name: 'Олена Коваль', email: 'olena.demo@example.com' },
  { name: 'Тарас Бондар', email: 'taras.demo@example.com' },
  { name: 'Ірина Мельник', email: 'iryna.demo@example.com' },
];

const COMMENTS: Record<number, string[]> = {
  5: ['Чудова якість, рекомендую!', 'Саме те, що потрібно для мого пейл-елю.', 'Швидка доставка, все свіже.'],
  4: ['Добрий товар за свою ціну.', 'Загалом задоволений, замовлятиму ще.', 'Якісно, але хотілося б більшу упаковку.'],
  3: ['Непогано, але очікував більшого.', 'Нормально для першої варки.', 'Середньо, є кращі варіанти.'],
};

/**
 * A few reviews whose average lands near the catalogue's demo rating.
 * Products without a rating get none.
 */
export function demoReviewsFor(product: DemoProduct, reviewers: UserRow[]) {
  if (product.numReviews === 0 || product.rating === 0) return [];
  const howMany = Math.min(reviewers.length, Math.max(1, Math.round(product.numReviews / 12)));
  const high = Math.min(5, Math.ceil(product.rating));
  const low = Math.max(1, Math.floor(product.rating));
  return reviewers.slice(0, howMany).map((reviewer, i) => {
    // Alternate between the two whole ratings around the target, the nearer one first.
    const rating = i === 0 ? Math.round(product.rating) : i % 2 ? low : high;
    const comments = COMMENTS[Math.min(5, Math.max(3, rating))];
    return { userId: reviewer.id, name: reviewer.name, rating, comment: comments[i % comments.length] };
  });
}
