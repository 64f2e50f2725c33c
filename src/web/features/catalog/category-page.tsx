import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { FaSearch } from 'react-icons/fa';
import { useSearchParams } from 'react-router';
import { EQUIPMENT_CATEGORIES, HOP_PRODUCERS, YEAST_PRODUCERS, type CategoryFilter } from '../../../shared/catalog';
import { PageTitle } from '../../components/page-title';
import { ProductGrid } from '../../components/product-grid';
import { useT, type Messages } from '../../i18n';
import { useProductList, type ProductListParams } from './api';
import { ListingControls, useListingOptions } from './listing-controls';
import { pageFromParam } from './page-param';

export type CatalogSection = 'hops' | 'yeast' | 'malt' | 'equipment' | 'discount';

interface SectionSpec {
  title: (t: Messages) => string;
  intro: (t: Messages) => string;
  category?: CategoryFilter;
  discount?: boolean;
  /** The choices of the filter row, and which query parameter they set. */
  filter?: { param: 'producer' | 'category'; options: (t: Messages) => { value: string; label: string }[] };
}

const SECTIONS: Record<CatalogSection, SectionSpec> = {
  hops: {
    title: (t) => t.catalog.hopsTitle,
    intro: (t) => t.catalog.hopsIntro,
    category: 'Hops',
    filter: { param: 'producer', options: (t) => HOP_PRODUCERS.map((p) => ({ value: p, label: t.catalog.hopCountries[p] })) },
  },
  yeast: {
    title: (t) => t.catalog.yeastTitle,
    intro: (t) => t.catalog.yeastIntro,
    category: 'Yeast',
    filter: { param: 'producer', options: () => YEAST_PRODUCERS.map((p) => ({ value: p, label: p })) },
  },
  malt: { title: (t) => t.catalog.maltTitle, intro: (t) => t.catalog.maltIntro, category: 'Malt' },
  equipment: {
    title: (t) => t.catalog.equipmentTitle,
    intro: (t) => t.catalog.equipmentIntro,
    category: 'Equipment',
    filter: { param: 'category', options: (t) => EQUIPMENT_CATEGORIES.map((c) => ({ value: c, label: t.catalog.equipmentCategories[c] })) },
  },
  discount: { title: (t) => t.catalog.discountTitle, intro: (t) => t.catalog.discountIntro, discount: true },
};

/**
 * /hops, /yeast, /malt, /equipment and /discount. The chosen producer or sub-category, the keyword
 * and the page live in the URL, so a filtered page can be shared and survives a reload.
 */
export default function CategoryPage({ section }: { section: CatalogSection }) {
  const t = useT();
  const spec = SECTIONS[section];
  const [searchParams, setSearchParams] = useSearchParams();
  const options = spec.filter?.options(t) ?? [];
  const chosen = spec.filter ? (searchParams.get(spec.filter.param) ?? '') : '';
  const validChoice = options.some((o) => o.value === chosen) ? chosen : '';
  const keyword = searchParams.get('keyword')?.trim() || undefined;
  const pageNumber = pageFromParam(searchParams.get('page'));

  const params: ProductListParams = { keyword, pageNumber, discount: spec.discount, category: spec.category, ...useListingOptions() };
  if (spec.filter?.param === 'producer' && validChoice) params.producer = validChoice;
  if (spec.filter?.param === 'category' && validChoice) params.category = validChoice as CategoryFilter;
  const list = useProductList(params);

  const hrefFor = (page: number) => {
    const next = new URLSearchParams(searchParams);
    if (page === 1) next.delete('page');
    else next.set('page', String(page));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setSearchParams(next);
  };

  return (
    <>
      <PageTitle title={spec.title(t)} />
      <h1 className="h2">{spec.title(t)}</h1>
      <p className="text-body-secondary">{spec.intro(t)}</p>
      {spec.filter && (
        <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={spec.filter.param === 'producer' ? t.catalog.producer : t.common.categories}>
          {[{ value: '', label: spec.filter.param === 'producer' ? t.catalog.allProducers : t.catalog.allCategories }, ...options].map((option) => (
            <Button
              key={option.value || 'all'}
              size="sm"
              variant={validChoice === option.value ? 'primary' : 'outline-primary'}
              aria-pressed={validChoice === option.value}
              onClick={() => update({ [spec.filter!.param]: option.value })}
            >
              {option.label}
            </Button>
          ))}
        </div>
      )}
      <KeywordFilter key={keyword ?? ''} initial={keyword ?? ''} onSearch={(k) => update({ keyword: k })} />
      <ListingControls searching={Boolean(keyword)} />
      <ProductGrid
        data={list.data}
        isPending={list.isPending}
        error={list.error}
        emptyText={keyword ? t.catalog.nothingFound : t.catalog.emptyCategory}
        hrefFor={hrefFor}
      />
    </>
  );
}

function KeywordFilter({ initial, onSearch }: { initial: string; onSearch: (keyword: string | undefined) => void }) {
  const t = useT();
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim() || undefined);
  };
  return (
    <Form onSubmit={submit} className="mb-3" role="search" style={{ maxWidth: 420 }}>
      <InputGroup>
        <Form.Control
          type="search"
          name="q"
          value={value}
          maxLength={100}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t.common.searchPlaceholder}
          aria-label={t.common.searchLabel}
        />
        <Button type="submit" variant="outline-primary" aria-label={t.common.search}>
          <FaSearch aria-hidden />
        </Button>
      </InputGroup>
    </Form>
  );
}
