/** Texts of product reviews. */
export const reviews = {
  title: 'Відгуки',
  none: 'Відгуків ще немає. Будьте першим!',
  writeTitle: 'Написати відгук',
  rating: 'Оцінка',
  chooseRating: 'Оберіть оцінку…',
  ratingLabels: { 1: '1 — Погано', 2: '2 — Задовільно', 3: '3 — Добре', 4: '4 — Дуже добре', 5: '5 — Чудово' } as Record<number, string>,
  comment: 'Коментар',
  submit: 'Надіслати',
  sending: 'Надсилання…',
  thanks: 'Дякуємо за відгук!',
  signInToReview: 'Увійдіть, щоб написати відгук',
  alreadyReviewed: 'Ви вже залишили відгук на цей товар.',
  stars: (n: number) => `${n} з 5`,
};
