import { Link, useLocation } from 'react-router';
import { EQUIPMENT_CATEGORIES, HOP_PRODUCERS, YEAST_PRODUCERS } from '../../shared/catalog';
import { useT } from '../i18n';
import { paths } from '../paths';

/** The left menu: every category with its producers or sub-categories (docs/screens.md, layout). */
export function SideMenu() {
  const t = useT();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const groups = [
    {
      title: t.catalog.hops,
      to: paths.hops,
      items: HOP_PRODUCERS.map((p) => ({ to: `${paths.hops}?producer=${encodeURIComponent(p)}`, label: t.catalog.hopCountries[p] })),
    },
    {
      title: t.catalog.yeast,
      to: paths.yeast,
      items: YEAST_PRODUCERS.map((p) => ({ to: `${paths.yeast}?producer=${encodeURIComponent(p)}`, label: p })),
    },
    {
      title: t.catalog.equipment,
      to: paths.equipment,
      items: EQUIPMENT_CATEGORIES.map((c) => ({ to: `${paths.equipment}?category=${c}`, label: t.catalog.equipmentCategories[c] })),
    },
    { title: t.catalog.malt, to: paths.malt, items: [] },
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
