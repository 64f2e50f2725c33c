import { Link, useLocation, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ProductCard } from '../../components/product-card';
import { ProductGrid } from '../../components/product-grid';
import { useT } from '../../i18n';
import { paths } from '../../../shared/routes';
import { useProductList, useTopProducts } from './api';
import { ListingControls, useListingOptions } from './listing-controls';
import { pageFromParam } from './page-param';

/** `/`, `/page/{n}`, `/search/{keyword}` and `/search/{keyword}/page/{n}` (docs/screens.md). */
export default function HomePage() {
  const t = useT();
  const params = useParams();
  const keyword = params.keyword?.trim() || undefined;
  const pageNumber = pageFromParam(params.pageNumber);
  const options = useListingOptions();
  const list = useProductList({ keyword, pageNumber, ...options });
  // The order and "in stock only" stay when the shopper turns the page.
  const { search } = useLocation();
  const pagePath = (page: number) =>
    keyword ? (page === 1 ? paths.search(keyword) : paths.searchPage(keyword, page)) : page === 1 ? paths.home : paths.homePage(page);
  const title = keyword ? t.catalog.searchResults(keyword) : t.catalog.latestProducts;

  return (
    <>
      <PageTitle title={keyword ? title : undefined} />
      {!keyword && pageNumber === 1 && !options.sort && !options.inStock && <TopProducts />}
      {!keyword && pageNumber === 1 && (
        <p className="alert alert-light border d-flex flex-wrap align-items-center gap-2">
          <span className="flex-grow-1">{t.common.recipeBanner}</span>
          <Link to={paths.recipe} className="btn btn-primary btn-sm">
            {t.common.brewFromRecipe}
          </Link>
        </p>
      )}
      {keyword && (
        <Link to={paths.home} className="btn btn-light mb-3">
          {t.common.back}
        </Link>
      )}
      <h1 className="h2 mb-3">{title}</h1>
      <ListingControls searching={Boolean(keyword)} firstPage={pagePath(1)} />
      <ProductGrid
        data={list.data}
        isPending={list.isPending}
        error={list.error}
        emptyText={keyword ? t.catalog.nothingFound : t.catalog.emptyCategory}
        hrefFor={(page) => `${pagePath(page)}${search}`}
      />
    </>
  );
}

function TopProducts() {
  const t = useT();
  const { data } = useTopProducts();
  // The row is a bonus: while loading or on failure the page simply starts with the list.
  if (!data?.length) return null;
  return (
    <section className="mb-4" aria-labelledby="top-products">
      <h2 id="top-products" className="h4">
        {t.catalog.topProducts}
      </h2>
      <div className="row g-3 flex-nowrap overflow-auto pb-2">
        {data.map((product, index) => (
          <div key={product.id} className="col-8 col-sm-5 col-md-4 col-lg-3 col-xl">
            <ProductCard product={product} eager={index < 2} heading="h3" />
          </div>
        ))}
      </div>
    </section>
  );
}
