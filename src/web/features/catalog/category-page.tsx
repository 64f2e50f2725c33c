import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { FaSearch } from 'react-icons/fa';
import { useParams, useSearchParams } from 'react-router';
import { categoryName, useCategories } from '../../api/categories';
import { Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { ProductGrid } from '../../components/product-grid';
import { producerLabel } from '../../components/side-menu';
import { useLanguage, useT, type Messages } from '../../i18n';
import { useProductList, type ProductListParams } from './api';
import { AttributeFilters, attributeParams, isFilterParam } from './attribute-filters';
import { ListingControls, useListingOptions } from './listing-controls';
import { pageFromParam } from './page-param';

/** The four sections the shop always had, /discount, and a category the owner added (/catalog/{slug}). */
export type CatalogSection = 'hops' | 'yeast' | 'malt' | 'equipment' | 'discount' | 'category';

interface SectionSpec {
  title?: (t: Messages) => string;
  intro?: (t: Messages) => string;
  /** The category's slug (docs/domain.md). */
  category?: string;
  discount?: boolean;
}

const SECTIONS: Record<Exclude<CatalogSection, 'category'>, SectionSpec> = {
  hops: { title: (t) => t.catalog.hopsTitle, intro: (t) => t.catalog.hopsIntro, category: 'Hops' },
  yeast: { title: (t) => t.catalog.yeastTitle, intro: (t) => t.catalog.yeastIntro, category: 'Yeast' },
  malt: { title: (t) => t.catalog.maltTitle, intro: (t) => t.catalog.maltIntro, category: 'Malt' },
  equipment: { title: (t) => t.catalog.equipmentTitle, intro: (t) => t.catalog.equipmentIntro, category: 'Equipment' },
  discount: { title: (t) => t.catalog.discountTitle, intro: (t) => t.catalog.discountIntro, discount: true },
};

/**
 * /hops, /yeast, /malt, /equipment, /discount and /catalog/{slug}. The choices of the filter row
 * (a group's categories, or the category's producers) and the attribute filters come from the
 * catalogue's data; they, the keyword and the page live in the URL, so a filtered page can be
 * shared and survives a reload.
 */
export default function CategoryPage({ section }: { section: CatalogSection }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { slug } = useParams();
  const spec: SectionSpec = section === 'category' ? { category: slug } : SECTIONS[section];
  const [searchParams, setSearchParams] = useSearchParams();
  const categories = useCategories().data?.categories;
  const category = spec.category ? categories?.find((c) => c.slug === spec.category) : undefined;
  const children = category ? (categories ?? []).filter((c) => c.parent === category.slug) : [];
  const filter: { param: 'producer' | 'category'; options: { value: string; label: string }[] } | null = children.length
    ? { param: 'category', options: children.map((c) => ({ value: c.slug, label: categoryName(c, language) })) }
    : category?.producers.length
      ? { param: 'producer', options: category.producers.map((p) => ({ value: p.name, label: producerLabel(t, p.name) })) }
      : null;
  const chosen = filter ? (searchParams.get(filter.param) ?? '') : '';
  // Until the categories are here, the address's choice is taken as it is (the server checks it).
  const validChoice = !categories || filter?.options.some((o) => o.value === chosen) ? chosen : '';
  const keyword = searchParams.get('keyword')?.trim() || undefined;
  const pageNumber = pageFromParam(searchParams.get('page'));
  const attributes = attributeParams(searchParams);

  const params: ProductListParams = { keyword, pageNumber, discount: spec.discount, category: spec.category, ...useListingOptions() };
  if (filter?.param === 'producer' && validChoice) params.producer = validChoice;
  if (filter?.param === 'category' && validChoice) params.category = validChoice;
  if (!filter && searchParams.get('producer')) params.producer = searchParams.get('producer')!;
  if (attributes) params.attributes = attributes;
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
  const resetFilters = () => {
    const next = new URLSearchParams(searchParams);
    for (const key of [...next.keys()]) if (isFilterParam(key)) next.delete(key);
    next.delete('page');
    setSearchParams(next);
  };

  if (section === 'category' && categories && !category) return <Message variant="info">{t.catalog.categoryNotFound}</Message>;
  const title = spec.title?.(t) ?? (category ? categoryName(category, language) : '');
  const intro = spec.intro?.(t) ?? category?.description ?? '';

  return (
    <>
      <PageTitle title={title} />
      <h1 className="h2">{title}</h1>
      {intro && <p className="text-body-secondary">{intro}</p>}
      {filter && (
        <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={filter.param === 'producer' ? t.catalog.producer : t.common.categories}>
          {[{ value: '', label: filter.param === 'producer' ? t.catalog.allProducers : t.catalog.allCategories }, ...filter.options].map((option) => (
            <Button
              key={option.value || 'all'}
              size="sm"
              variant={validChoice === option.value ? 'primary' : 'outline-primary'}
              aria-pressed={validChoice === option.value}
              onClick={() => update({ [filter.param]: option.value })}
            >
              {option.label}
            </Button>
          ))}
        </div>
      )}
      <KeywordFilter key={keyword ?? ''} initial={keyword ?? ''} onSearch={(k) => update({ keyword: k })} />
      {list.data?.facets && (
        <AttributeFilters
          facets={list.data.facets}
          searchParams={searchParams}
          onChange={(param, value) => update({ [param]: value })}
          onReset={resetFilters}
        />
      )}
      <ListingControls searching={Boolean(keyword)} />
      <ProductGrid
        data={list.data}
        isPending={list.isPending}
        error={list.error}
        emptyText={attributes ? t.catalog.noFilterMatches : keyword ? t.catalog.nothingFound : t.catalog.emptyCategory}
        hrefFor={hrefFor}
      />
      {attributes && list.data?.products.length === 0 && (
        <Button variant="outline-secondary" className="mt-2" onClick={resetFilters}>
          {t.catalog.resetFilters}
        </Button>
      )}
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
