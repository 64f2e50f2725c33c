import { LEGAL_PAGE_KEYS, type AdminLegalPage, type LegalPage, type LegalPageKey, type LegalPageSave } from '../../../shared/legal.js';
import type { ShopSettings } from '../../../shared/settings.js';
import type { Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/sql-state.js';
import type { LegalPageVersionRow, UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { getSettings } from '../settings/index.js';
import { renderLegalMarkdown, type PlaceholderValues } from './markdown.js';
import { findNewestVersion, findNewestVersions, findVersion, insertFirstVersion, insertNextVersion, listVersions } from './repository.js';
import { LEGAL_TEMPLATES } from './templates.js';

/** Shown where the settings leave a detail empty, so the owner sees what to fill in. */
const MISSING = { uk: '*(не вказано)*', en: '*(not set)*' };

export function placeholderValues(settings: ShopSettings, siteUrl: string): PlaceholderValues {
  const { shop } = settings;
  return {
    shopName: shop.name,
    legalName: shop.legalName,
    edrpou: shop.taxId,
    email: shop.email,
    phone: shop.phone,
    address: shop.address,
    siteUrl,
  };
}

function pageJson(row: LegalPageVersionRow, currentVersion: number, values: PlaceholderValues): LegalPage {
  return {
    key: row.pageKey,
    version: row.version,
    current: row.version === currentVersion,
    currentVersion,
    title: row.title,
    html: renderLegalMarkdown(row.body, values, MISSING.uk),
    titleEn: row.titleEn,
    htmlEn: row.bodyEn ? renderLegalMarkdown(row.bodyEn, values, MISSING.en) : '',
    createdAt: row.createdAt.toISOString(),
  };
}

const pageNotFound = () => new AppError('LEGAL_PAGE_NOT_FOUND');
const versionNotFound = () => new AppError('LEGAL_VERSION_NOT_FOUND');

/** The page as shoppers read it: the version in force, or the one asked for. */
export async function requireLegalPage(tx: Tx, siteUrl: string, key: LegalPageKey, version?: number): Promise<LegalPage> {
  const newest = await findNewestVersion(tx, key);
  if (!newest) throw pageNotFound();
  const row = version === undefined || version === newest.version ? newest : await findVersion(tx, key, version);
  if (!row) throw versionNotFound();
  return pageJson(row, newest.version, placeholderValues(await getSettings(tx), siteUrl));
}

/** Whether the page has this version (the server's 404 for a page address, docs/seo.md). */
export async function legalVersionExists(tx: Tx, key: LegalPageKey, version: number): Promise<boolean> {
  return (await findVersion(tx, key, version)) !== null;
}

/** The number of the offer's version in force: what a new order records (docs/domain.md). */
export async function offerVersionInForce(tx: Tx): Promise<number | null> {
  return (await findNewestVersion(tx, 'offer'))?.version ?? null;
}

/** The admin's list: each page's text in force and its versions, newest first. */
export async function listLegalPagesForAdmin(tx: Tx): Promise<AdminLegalPage[]> {
  const [newest, versions] = await Promise.all([findNewestVersions(tx), listVersions(tx)]);
  return LEGAL_PAGE_KEYS.flatMap((key) => {
    const row = newest.find((r) => r.pageKey === key);
    if (!row) return [];
    return [
      {
        key,
        version: row.version,
        title: row.title,
        body: row.body,
        titleEn: row.titleEn,
        bodyEn: row.bodyEn,
        createdAt: row.createdAt.toISOString(),
        createdByName: row.createdByName,
        versions: versions
          .filter((v) => v.pageKey === key)
          .map((v) => ({ version: v.version, title: v.title, createdAt: v.createdAt.toISOString(), createdByName: v.createdByName })),
      },
    ];
  });
}

/** A save is a new version in force; the ones before stay as they were. */
export async function saveLegalPage(tx: Tx, key: LegalPageKey, input: Required<LegalPageSave>, admin: UserRow): Promise<AdminLegalPage> {
  try {
    await insertNextVersion(tx, { pageKey: key, ...input, createdBy: admin.id, createdByName: admin.name });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('LEGAL_VERSION_CONFLICT');
    }
    throw error;
  }
  const page = (await listLegalPagesForAdmin(tx)).find((p) => p.key === key);
  if (!page) throw pageNotFound();
  return page;
}

/** The admin's preview: Markdown as the page would show it. */
export async function previewLegalMarkdown(tx: Tx, siteUrl: string, body: string): Promise<string> {
  return renderLegalMarkdown(body, placeholderValues(await getSettings(tx), siteUrl), MISSING.uk);
}

/**
 * Version 1 of every page from the templates, for a page that has none yet (at start-up, like the
 * other derived data): a new shop opens with texts to check, and orders always have an offer.
 */
export async function ensureLegalPages(tx: Tx): Promise<void> {
  for (const key of LEGAL_PAGE_KEYS) {
    await insertFirstVersion(tx, { pageKey: key, ...LEGAL_TEMPLATES[key], createdBy: null, createdByName: '' });
  }
}

/** With the checkbox (docs/settings.md) an order must say the buyer accepted the offer. */
export function assertOfferAccepted(settings: ShopSettings, acceptOffer: boolean | undefined): void {
  if (settings.legal.offerConsent === 'checkbox' && acceptOffer !== true) {
    throw new AppError('OFFER_NOT_ACCEPTED');
  }
}
