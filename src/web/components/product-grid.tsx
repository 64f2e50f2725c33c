import type { ProductList } from '../../shared/products';
import { ErrorMessage, Message } from './message';
import { Loader } from './loader';
import { Paginate } from './paginate';
import { ProductCard } from './product-card';

/** Cards in the 12/6/4/3 grid (docs/screens.md), with loading, error, empty and pagination states. */
export function ProductGrid({
  data,
  isPending,
  error,
  emptyText,
  hrefFor,
}: {
  data: ProductList | undefined;
  isPending: boolean;
  error: unknown;
  emptyText: string;
  hrefFor: (page: number) => string;
}) {
  if (isPending) return <Loader />;
  if (error || !data) return <ErrorMessage error={error} />;
  if (data.products.length === 0) return <Message>{emptyText}</Message>;
  return (
    <>
      <ul className="row g-3 list-unstyled" role="list">
        {data.products.map((product, index) => (
          <li key={product.id} className="col-sm-12 col-md-6 col-lg-4 col-xl-3">
            {/* The first cards are in the first screen, a phone's or a desktop's. */}
            <ProductCard product={product} eager={index < 2} />
          </li>
        ))}
      </ul>
      <Paginate page={data.page} pages={data.pages} hrefFor={hrefFor} />
    </>
  );
}
