import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import Badge from 'react-bootstrap/Badge';
import { FaBan, FaCheckCircle } from 'react-icons/fa';
import { Link, useNavigate, useParams } from 'react-router';
import type { ProductDetail } from '../../../shared/products';
import { ErrorMessage } from '../../components/message';
import { Loader } from '../../components/loader';
import { PageTitle } from '../../components/page-title';
import { Price } from '../../components/price';
import { Rating } from '../../components/rating';
import { useT } from '../../i18n';
import { paths } from '../../paths';
import { toCartItem, useCart } from '../../stores/cart';
import { useProduct } from './api';
import { ProductReviews } from './product-reviews';

/** /product/{slug} (docs/seo.md); an old /product/{id} link shows the slug once the product is here. */
export default function ProductPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { data: product, isPending, error } = useProduct(id);
  const navigate = useNavigate();
  useEffect(() => {
    if (product && product.slug !== id) void navigate(paths.product(product.slug), { replace: true });
  }, [product, id, navigate]);

  return (
    <>
      <Link to={paths.home} className="btn btn-light mb-3">
        {t.catalog.backToShop}
      </Link>
      {isPending ? (
        <Loader />
      ) : error || !product ? (
        <>
          <PageTitle title={t.catalog.productNotFound} />
          <ErrorMessage error={error} />
        </>
      ) : (
        <ProductDetails product={product} />
      )}
    </>
  );
}

function ProductDetails({ product }: { product: ProductDetail }) {
  const t = useT();
  const navigate = useNavigate();
  const addToCart = useCart((s) => s.addToCart);
  const inCart = useCart((s) => s.cartItems.find((line) => line._id === product._id)?.qty);
  const [qty, setQty] = useState(Math.min(inCart ?? 1, Math.max(product.countInStock, 1)));
  const inStock = product.countInStock > 0;

  const facts: [string, string][] = [
    [
      t.catalog.producer,
      product.category === 'Hops' ? (t.catalog.hopCountries[product.origin as keyof typeof t.catalog.hopCountries] ?? product.origin) : product.origin,
    ],
  ];
  facts.push([t.catalog.weight, `${product.weight.toLocaleString('uk-UA')} ${t.catalog.kg}`]);
  if (product.category === 'Yeast') {
    if (product.ferment_type) facts.push([t.catalog.fermentType, t.catalog.fermentTypes[product.ferment_type]]);
    if (product.ferment_temp) facts.push([t.catalog.fermentTemp, product.ferment_temp]);
  }
  if (product.category === 'Hops') {
    if (product.cropYear) facts.push([t.catalog.cropYear, String(product.cropYear)]);
    if (product.alfa !== null) facts.push([t.catalog.alfa, `${product.alfa.toLocaleString('uk-UA')} %`]);
  }

  return (
    <article>
      <PageTitle title={product.name} />
      <Row className="g-4">
        <Col md={6} className="position-relative">
          <img src={product.image} alt={product.name} className="product-image" width={600} height={600} fetchPriority="high" />
          {product.discount > 0 && (
            <Badge bg="danger" className="discount-badge fs-6">
              {t.catalog.discountBadge(product.discount)}
            </Badge>
          )}
        </Col>
        <Col md={6} lg={3}>
          <h1 className="h3">{product.name}</h1>
          {product.numReviews > 0 && <Rating value={product.rating} count={product.numReviews} />}
          <div className="my-3">
            <Price price={product.price} discount={product.discount} category={product.category} large />
          </div>
          <dl className="mb-0">
            {facts.map(([term, value]) => (
              <div key={term} className="mb-2">
                <dt className="small text-body-secondary fw-normal">{term}</dt>
                <dd className="mb-0">{value}</dd>
              </div>
            ))}
          </dl>
        </Col>
        <Col md={12} lg={3}>
          <ListGroup>
            <ListGroup.Item className="d-flex justify-content-between align-items-center">
              <span>{t.catalog.stock}:</span>
              {inStock ? (
                <span className="text-success">
                  <FaCheckCircle aria-hidden /> {t.catalog.inStock}
                </span>
              ) : (
                <span className="text-danger">
                  <FaBan aria-hidden /> {t.catalog.outOfStock}
                </span>
              )}
            </ListGroup.Item>
            {inStock && (
              <ListGroup.Item>
                <Form.Group controlId="qty" className="d-flex justify-content-between align-items-center gap-2">
                  <Form.Label className="mb-0">{t.catalog.quantity}:</Form.Label>
                  <Form.Select value={qty} onChange={(e) => setQty(Number(e.target.value))} style={{ maxWidth: 110 }}>
                    {Array.from({ length: product.countInStock }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </ListGroup.Item>
            )}
            <ListGroup.Item>
              <Button
                className="w-100"
                disabled={!inStock}
                onClick={() => {
                  addToCart(toCartItem(product, qty));
                  navigate(paths.cart);
                }}
              >
                {t.catalog.addToCart}
              </Button>
            </ListGroup.Item>
          </ListGroup>
        </Col>
      </Row>
      <section className="mt-4" aria-labelledby="description">
        <h2 id="description" className="h4">
          {t.catalog.description}
        </h2>
        <p style={{ whiteSpace: 'pre-line' }}>{product.description}</p>
      </section>
      <ProductReviews product={product} />
    </article>
  );
}
