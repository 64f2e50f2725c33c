import { formatNumber } from '../../../shared/pricing.js';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useT } from '../../i18n';
import { recipeTexts } from '../../i18n/feature-texts/recipes';
import { paths } from '../../../shared/routes';
import type { HopSubstitutes as Substitutes } from '../../../shared/recipes/schema';

/** "Замінники в наявності" under a hop (docs/recipes.md): from the recipe matcher's substitution table. */
export function HopSubstitutes({ product }: { product: string }) {
  const t = useT(recipeTexts);
  const { data } = useQuery({
    queryKey: ['recipes', 'substitutes', product],
    queryFn: ({ signal }) => api<Substitutes>(`/api/recipes/substitutes/${encodeURIComponent(product)}`, { signal }),
  });
  if (!data?.substitutes.length) return null;
  return (
    <section className="mt-4" aria-labelledby="hop-substitutes">
      <h2 id="hop-substitutes" className="h5">
        {t.recipes.substitutesTitle}
      </h2>
      <ul className="list-unstyled mb-0">
        {data.substitutes.map((s) => (
          <li key={s.productId} className="mb-1">
            <Link to={paths.product(s.slug)}>{s.name}</Link>
            {s.alphaPct !== null && <span className="text-body-secondary"> · α {formatNumber(s.alphaPct)} %</span>}
            <span className="d-block small text-body-secondary">{s.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
