import type { LineOptions } from '../../shared/line-options';
import { useT } from '../i18n';

/** Under a line's product name: its pack and its options ("100 г · подрібнити"), wherever lines are listed. */
export function LineName({ label, options }: { label?: string | null; options?: LineOptions | null }) {
  const t = useT();
  const parts = [label, options?.milled ? t.catalog.milled : null].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="d-block small text-body-secondary line-pack">{parts.join(' · ')}</span>;
}
