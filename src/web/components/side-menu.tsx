import { Link, useLocation } from 'react-router';
import type { Category } from '../../shared/categories';
import { categoryName, useCategories } from '../api/categories';
import { useLanguage, useT, type Messages } from '../i18n';
import { paths } from '../../shared/routes';

/** A producer's name as the shop shows it: the hop countries have theirs in the locales. */
export const producerLabel = (t: Messages, name: string) => (t.catalog.hopCountries as Record<string, string>)[name] ?? name;

/**
 * The left menu (docs/screens.md, layout): every visible top-level category from the catalogue's
 * data, with its categories (a group) or its producers, so one the owner adds appears at once.
 */
export function SideMenu() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const categories = useCategories().data?.categories ?? [];
  const itemsOf = (category: Category) => {
    const children = categories.filter((c) => c.parent === category.slug);
    if (children.length) return children.map((c) => ({ to: c.path, label: categoryName(c, language) }));
    return category.producers.map((p) => ({
      to: `${category.path}${category.path.includes('?') ? '&' : '?'}producer=${encodeURIComponent(p.name)}`,
      label: producerLabel(t, p.name),
    }));
  };
  const groups = [
    ...categories.filter((c) => !c.parent).map((c) => ({ title: categoryName(c, language), to: c.path, items: itemsOf(c) })),
    { title: t.catalog.discount, to: paths.discount, items: [] },
  ];
  return (
    <nav className="side-menu" aria-label={t.common.categories}>
      {groups.map((group) => (
        <div key={group.to} className="list-group mb-3">
          <Link to={group.to} className={itemClass(here === group.to, 'fw-semibold')} aria-current={here === group.to ? 'page' : undefined}>
            {group.title}
          </Link>
          {group.items.map((item) => (
            <Link key={item.to} to={item.to} className={itemClass(here === item.to, 'ps-4 py-1 small')} aria-current={here === item.to ? 'page' : undefined}>
              {item.label}
            </Link>
          ))}
        </div>
      ))}
    </nav>
  );
}

const itemClass = (active: boolean, extra: string) => `list-group-item list-group-item-action ${extra}${active ? ' active' : ''}`;
