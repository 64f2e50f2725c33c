import { z } from 'zod';
import { msg } from './schema-messages.js';
import { LEGAL_PAGE_KEYS } from './routes.js';

/**
 * The shop's legal pages (docs/domain.md): the public offer, the privacy policy, delivery and
 * payment, exchange and returns. Each save is a new version; the newest is in force, and an order
 * keeps the number of the offer's version it was placed under.
 */
export { LEGAL_PAGE_KEYS, legalPagePath, type LegalPageKey } from './routes.js';

export const MAX_LEGAL_TITLE = 200;
/** About 60 printed pages: far more than any of these texts needs, small enough for one request. */
export const MAX_LEGAL_BODY = 100_000;

/** How the buyer accepts the offer at checkout: a line under the button, or a box to tick (docs/settings.md). */
export const OFFER_CONSENT_MODES = ['notice', 'checkbox'] as const;
export type OfferConsentMode = (typeof OFFER_CONSENT_MODES)[number];

export const LegalPageKeySchema = z.enum(LEGAL_PAGE_KEYS, { error: msg('legalPageUnknown') });
export const LegalPageParamsSchema = z.object({ key: LegalPageKeySchema });
export const LegalVersionParamsSchema = z.object({
  key: LegalPageKeySchema,
  version: z.coerce
    .number({ error: msg('legalVersionInvalid') })
    .int(msg('legalVersionInvalid'))
    .min(1, msg('legalVersionInvalid'))
    .max(1_000_000, msg('legalVersionInvalid')),
});

const text = (max: number) =>
  z
    .string({ error: msg('notText') })
    .trim()
    .max(max, msg('maxChars', { max }));

/** PUT /api/admin/legal/{key}: the Ukrainian text is required and binding; the English one may be empty. */
export const LegalPageSaveSchema = z.object({
  title: text(MAX_LEGAL_TITLE).min(1, msg('legalTitleRequired')),
  body: text(MAX_LEGAL_BODY).min(1, msg('legalBodyRequired')),
  titleEn: text(MAX_LEGAL_TITLE).optional().default(''),
  bodyEn: text(MAX_LEGAL_BODY).optional().default(''),
});
export type LegalPageSave = z.input<typeof LegalPageSaveSchema>;

/** POST /api/admin/legal/preview: Markdown as the page would show it, placeholders filled. */
export const LegalPreviewSchema = z.object({ body: z.string({ error: msg('notText') }).max(MAX_LEGAL_BODY, msg('maxChars', { max: MAX_LEGAL_BODY })) });
export const LegalPreviewResponseSchema = z.object({ html: z.string() });

/** A version as shoppers read it: rendered HTML (safe, placeholders filled), Ukrainian and English. */
export const LegalPageSchema = z.object({
  key: LegalPageKeySchema,
  version: z.number(),
  /** Whether this is the version in force (the newest). */
  current: z.boolean(),
  /** The number of the version in force, so an old version can link to it. */
  currentVersion: z.number(),
  title: z.string(),
  html: z.string(),
  /** Empty when the page has no English text: the Ukrainian one is shown. */
  titleEn: z.string(),
  htmlEn: z.string(),
  createdAt: z.string(),
});
export type LegalPage = z.infer<typeof LegalPageSchema>;

export const LegalVersionSummarySchema = z.object({ version: z.number(), title: z.string(), createdAt: z.string(), createdByName: z.string() });
export type LegalVersionSummary = z.infer<typeof LegalVersionSummarySchema>;

/** GET /api/admin/legal: every page with the Markdown of its version in force and its versions, newest first. */
export const AdminLegalPageSchema = z.object({
  key: LegalPageKeySchema,
  version: z.number(),
  title: z.string(),
  body: z.string(),
  titleEn: z.string(),
  bodyEn: z.string(),
  createdAt: z.string(),
  createdByName: z.string(),
  versions: z.array(LegalVersionSummarySchema),
});
export type AdminLegalPage = z.infer<typeof AdminLegalPageSchema>;
export const AdminLegalListSchema = z.object({ pages: z.array(AdminLegalPageSchema) });
export type AdminLegalList = z.infer<typeof AdminLegalListSchema>;

/** The shop's details a page's text can name: `{{legalName}}` and so on (docs/domain.md). */
export const LEGAL_PLACEHOLDERS = ['shopName', 'legalName', 'edrpou', 'email', 'phone', 'address', 'siteUrl'] as const;
