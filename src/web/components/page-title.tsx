import { useEffect } from 'react';
import { useT } from '../i18n';
import { useShopSettings } from '../api/settings';

/** Sets the document title: "<page> | <shop>", the shop named as its settings say (docs/settings.md). */
export function PageTitle({ title }: { title?: string }) {
  const fallback = useT().common.shopName;
  const shop = useShopSettings().data?.shop.name || fallback;
  useEffect(() => {
    document.title = title ? `${title} | ${shop}` : shop;
  }, [title, shop]);
  return null;
}
