import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { ProductList } from '../../shared/products';
import { ErrorMessage, Message } from './message';
import { Loader } from './loader';
import { Paginate } from './paginate';
import { ProductCard } from './product-card';

/** Cards in the 12/6/4/3 grid (SPEC.md §2), with loading, error, empty and pagination states. */
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
      <Row className="g-3" as="ul" role="list" style={{ listStyle: 'none', paddingLeft: 0 }}>
        {data.products.map((product) => (
          <Col as="li" key={product._id} sm={12} md={6} lg={4} xl={3}>
            <ProductCard product={product} />
          </Col>
        ))}
      </Row>
      <Paginate page={data.page} pages={data.pages} hrefFor={hrefFor} />
    </>
  );
}
