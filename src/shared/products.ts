import { z } from 'zod';
import { CATEGORY_FILTERS, FERMENT_TYPES, PRODUCT_CATEGORIES, producersFor } from './catalog.js';

/** A product as the API sends it (SPEC.md §3). */
export const ReviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  user: z.string().nullable(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  description: z.string(),
  price: z.number(),
  discount: z.number(),
  category: z.enum(PRODUCT_CATEGORIES),
  origin: z.string(),
  weight: z.number(),
  countInStock: z.number(),
  ferment_temp: z.string().nullable(),
  ferment_type: z.enum(FERMENT_TYPES).nullable(),
  cropYear: z.number().nullable(),
  alfa: z.number().nullable(),
  rating: z.number(),
  numReviews: z.number(),
  user: z.string().nullable(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductDetailSchema = ProductSchema.extend({ reviews: z.array(ReviewSchema) });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const ProductListSchema = z.object({
  products: z.array(ProductSchema),
  page: z.number(),
  pages: z.number(),
});
export type ProductList = z.infer<typeof ProductListSchema>;

/** Longer keywords are cut, not refused: a pasted paragraph still gets an answer. */
export const MAX_KEYWORD_LENGTH = 100;
export const MAX_PAGE_NUMBER = 10_000;

export const ProductListQuerySchema = z.object({
  keyword: z
    .string()
    .optional()
    .transform((k) => k?.trim().slice(0, MAX_KEYWORD_LENGTH) || undefined),
  pageNumber: z.coerce
    .number({ error: 'Номер сторінки має бути числом' })
    .int('Номер сторінки має бути цілим числом')
    .min(1, 'Номер сторінки починається з 1')
    .max(MAX_PAGE_NUMBER)
    .default(1),
  category: z.enum(CATEGORY_FILTERS, { error: 'Невідома категорія' }).optional(),
  producer: z
    .string()
    .max(100)
    .optional()
    .transform((p) => p?.trim() || undefined),
  discount: z
    .enum(['true', 'false'])
    .optional()
    .transform((d) => d === 'true'),
  /** Admins only: include products that are out of stock. */
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((a) => a === 'true'),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const IdParamsSchema = z.object({
  id: z.uuid({ error: 'Некоректний ідентифікатор' }),
});

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const REVIEW_COMMENT_MAX = 1000;
/** Hop harvests older than this are not sold; next year's is announced ahead. */
export const MIN_CROP_YEAR = 2000;
export const maxCropYear = () => new Date().getFullYear() + 1;

const number = (what: string) => z.number({ error: `${what}: вкажіть число` });

/**
 * Every field an admin edits (SPEC.md §7 PUT /api/products/{id}). The edit form and the server
 * validate with this same schema, so the form shows exactly the server's rules.
 */
export const ProductUpdateSchema = z
  .object({
    name: z
      .string({ error: 'Вкажіть назву' })
      .trim()
      .min(2, 'Назва: щонайменше 2 символи')
      .max(PRODUCT_NAME_MAX, `Назва: не довше ${PRODUCT_NAME_MAX} символів`),
    price: number('Ціна').min(0, 'Ціна не може бути від’ємною').max(1_000_000, 'Ціна завелика'),
    discount: number('Знижка')
      .int('Знижка: ціле число відсотків')
      .min(0, 'Знижка: від 0 до 100 %')
      .max(100, 'Знижка: від 0 до 100 %'),
    image: z
      .string({ error: 'Вкажіть зображення' })
      .trim()
      .max(500, 'Шлях до зображення задовгий')
      // Same-origin paths only: the shop's content policy shows no images from elsewhere.
      .regex(/^\/(?![/\\])\S*$/, 'Зображення: завантажте файл або вкажіть шлях, що починається з «/»'),
    origin: z.string({ error: 'Вкажіть виробника' }).trim().min(1, 'Вкажіть виробника').max(100, 'Виробник: не довше 100 символів'),
    category: z.enum(PRODUCT_CATEGORIES, { error: 'Оберіть категорію зі списку' }),
    description: z
      .string({ error: 'Вкажіть опис' })
      .trim()
      .min(1, 'Вкажіть опис')
      .max(PRODUCT_DESCRIPTION_MAX, `Опис: не довше ${PRODUCT_DESCRIPTION_MAX} символів`),
    countInStock: number('Кількість на складі')
      .int('Кількість на складі: ціле число')
      .min(0, 'Кількість на складі не може бути від’ємною')
      .max(1_000_000, 'Кількість на складі завелика'),
    weight: number('Вага').positive('Вага має бути більшою за 0').max(1000, 'Вага: не більше 1000 кг'),
    cropYear: number('Рік урожаю')
      .int('Рік урожаю: ціле число')
      .min(MIN_CROP_YEAR, `Рік урожаю: не раніше ${MIN_CROP_YEAR}`)
      .refine((year) => year <= maxCropYear(), 'Рік урожаю ще не настав')
      .nullable()
      .default(null),
    alfa: number('Альфа-кислоти').min(0, 'Альфа-кислоти: від 0 до 25 %').max(25, 'Альфа-кислоти: від 0 до 25 %').nullable().default(null),
    ferment_temp: z
      .string()
      .trim()
      .max(50, 'Температура бродіння: не довше 50 символів')
      .nullable()
      .default(null)
      .transform((v) => v || null),
    ferment_type: z.enum(FERMENT_TYPES, { error: 'Тип бродіння: верхове або низове' }).nullable().default(null),
  })
  .superRefine((product, ctx) => {
    const producers = producersFor(product.category);
    if (producers && !producers.includes(product.origin)) {
      ctx.addIssue({
        code: 'custom',
        path: ['origin'],
        message: `Виробник не підходить до категорії: оберіть ${producers.join(', ')}`,
      });
    }
  });
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;
export type ProductUpdateInput = z.input<typeof ProductUpdateSchema>;

/** A shopper's review (SPEC.md §7 POST /api/products/{id}/reviews). */
export const ReviewCreateSchema = z.object({
  rating: z
    .number({ error: 'Оберіть оцінку' })
    .int('Оцінка: ціле число від 1 до 5')
    .min(1, 'Оцінка: від 1 до 5')
    .max(5, 'Оцінка: від 1 до 5'),
  comment: z
    .string({ error: 'Напишіть коментар' })
    .trim()
    .min(1, 'Напишіть коментар')
    .max(REVIEW_COMMENT_MAX, `Коментар: не довше ${REVIEW_COMMENT_MAX} символів`),
});
export type ReviewCreate = z.infer<typeof ReviewCreateSchema>;

export const MessageSchema = z.object({ message: z.string() });

export const UploadResultSchema = z.object({
  message: z.string(),
  /** The main size, for the product's image field. */
  image: z.string(),
  /** Every stored width, smallest first. */
  sizes: z.array(z.object({ width: z.number(), url: z.string() })),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;
