import { Link } from 'react-router';
import { useT } from '../i18n';

/** Page links; shown only when there is more than one page (docs/screens.md). */
export function Paginate({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  const t = useT();
  if (pages <= 1) return null;
  const shown = visiblePages(page, pages);
  return (
    <nav aria-label={t.common.pagination} className="d-flex justify-content-center my-4">
      <ul className="pagination flex-wrap">
        {page > 1 && (
          <li className="page-item">
            <Link className="page-link" to={hrefFor(page - 1)} aria-label={t.common.previous}>
              ‹
            </Link>
          </li>
        )}
        {shown.map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="page-item disabled" aria-hidden>
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={n} className={`page-item${n === page ? ' active' : ''}`}>
              <Link className="page-link" to={hrefFor(n)} aria-current={n === page ? 'page' : undefined} aria-label={t.common.page(n)}>
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li className="page-item">
            <Link className="page-link" to={hrefFor(page + 1)} aria-label={t.common.next}>
              ›
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 20 */
function visiblePages(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 2) out.push(n);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}
