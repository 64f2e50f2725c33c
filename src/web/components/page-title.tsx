import { useEffect } from 'react';
import { useT } from '../i18n';

/** Sets the document title: "<page> | <shop>". */
export function PageTitle({ title }: { title?: string }) {
  const shop = useT().common.shopName;
  useEffect(() => {
    document.title = title ? `${title} | ${shop}` : shop;
  }, [title, shop]);
  return null;
}
