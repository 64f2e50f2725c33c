import { formatNumber } from '../../../shared/pricing.js';
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
import { NotFound } from '../../components/not-found';
import { PageTitle } from '../../components/page-title';
import { Price } from '../../components/price';
import { Rating } from '../../components/rating';
import { useLanguage, useT } from '../../i18n';
import { useCategories } from '../../api/categories';
import { paths } from '../../../shared/routes';
import { cartLineKey, toCartItem, useCart } from '../../stores/cart';
import { isMillable } from '../../../shared/line-options';
import { MAX_LINE_QTY } from '../../../shared/order-limits';
import { PackChoice } from './pack-choice';
import { ProductGallery } from './product-gallery';
import { StockAlertForm } from './stock-alert-form';

/** The quantity list stops here; a bigger order is rare and still fits the cart's own limit. */
const MAX_QTY_CHOICES = 100;
import { useProduct } from './api';
import { ProductReviews } from './product-reviews';
import { HopSubstitutes } from '../recipes';

/** Attributes the page already shows as the product's own fields (alpha acids, crop year, fermentation). */
const SHOWN_ABOVE = new Set(['alpha', 'cropYear', 'fermentation', 'temperature']);

/** /product/{slug} (docs/seo.md); an old /product/{id} link shows the slug once the product is here. */
export default function ProductPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { data: product, isPending, error } = useProduct(id);
  const navigate = useNavigate();
  useEffect(() => {
    if (product && product.slug !== id) void navigate(paths.product(product.slug), { replace: true });
  }, [product, id, navigate]);

  if (product === null) return <NotFound />;
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

/** The pack shown first: the one the product's price is (the cheapest in stock), else the first. */
const firstPack = (product: ProductDetail) =>
  product.variants.find((v) => v.price === product.price && v.discount === product.discount && v.countInStock > 0) ??
  product.variants.find((v) => v.countInStock > 0) ??
  product.variants[0];

function ProductDetails({ product }: { product: ProductDetail }) {
  const t = useT();
  const navigate = useNavigate();
  const addToCart = useCart((s) => s.addToCart);
  const [packId, setPackId] = useState(() => firstPack(product)?.id ?? '');
  const pack = product.variants.find((v) => v.id === packId) ?? firstPack(product);
  const [milled, setMilled] = useState(false);
  const millable = isMillable(product.category);
  const options = milled && millable ? { milled: true as const } : undefined;
  const inCart = useCart((s) => s.cartItems.find((line) => cartLineKey(line) === cartLineKey({ id: product.id, variant: pack?.id, options }))?.qty);
  const stock = pack?.countInStock ?? 0;
  const [chosenQty, setQty] = useState<number | null>(null);
  const qty = Math.max(1, Math.min(chosenQty ?? inCart ?? 1, stock, MAX_LINE_QTY));
  const inStock = stock > 0;

  const facts: [string, string][] = [
    [
      t.catalog.producer,
      product.category === 'Hops' ? (t.catalog.hopCountries[product.producer as keyof typeof t.catalog.hopCountries] ?? product.producer) : product.producer,
    ],
  ];
  facts.push([t.catalog.weight, `${formatNumber(pack?.weight ?? product.weight)} ${t.catalog.kg}`]);
  if (product.category === 'Yeast') {
    if (product.fermentationType) facts.push([t.catalog.fermentType, t.catalog.fermentTypes[product.fermentationType]]);
    if (product.fermentationTemperature) facts.push([t.catalog.fermentTemp, product.fermentationTemperature]);
  }
  if (product.category === 'Hops') {
    if (product.cropYear) facts.push([t.catalog.cropYear, String(product.cropYear)]);
    if (product.alphaAcid !== null) facts.push([t.catalog.alphaAcid, `${formatNumber(product.alphaAcid)} %`]);
  }
  // The category's other attributes, as the owner named them (docs/domain.md).
  const definitions = useCategories().data?.categories.find((c) => c.slug === product.category)?.attributes ?? [];
  const language = useLanguage((s) => s.language);
  for (const d of definitions) {
    const value = product.attributes[d.key];
    if (value === undefined || SHOWN_ABOVE.has(d.key)) continue;
    const option = d.options.find((o) => o.value === value);
    const shown =
      typeof value === 'boolean'
        ? value
          ? t.common.yes
          : t.common.no
        : option
          ? language === 'en'
            ? option.nameEn
            : option.name
          : typeof value === 'number'
            ? formatNumber(value)
            : value;
    facts.push([language === 'en' ? d.nameEn : d.name, d.unit ? `${shown} ${d.unit}` : shown]);
  }

  return (
    <article>
      <PageTitle title={product.name} />
      <Row className="g-4">
        <Col md={6} className="position-relative">
          <ProductGallery product={product} />
          {(pack?.discount ?? 0) > 0 && (
            <Badge bg="danger" className="discount-badge fs-6">
              {t.catalog.discountBadge(pack!.discount)}
            </Badge>
          )}
        </Col>
        <Col md={6} lg={3}>
          <h1 className="h3">{product.name}</h1>
          {product.numReviews > 0 && <Rating value={product.rating} count={product.numReviews} />}
          <div className="my-3" aria-live="polite" data-testid="pack-price">
            <Price price={pack?.price ?? product.price} discount={pack?.discount ?? product.discount} label={pack?.label} large />
          </div>
          {product.variants.length > 1 && pack && (
            <PackChoice
              variants={product.variants}
              value={pack.id}
              onChange={(id) => {
                setPackId(id);
                setQty(null);
              }}
            />
          )}
          {millable && (
            <Form.Check
              id="mill"
              className="mb-3"
              checked={milled}
              onChange={(e) => setMilled(e.target.checked)}
              label={
                <>
                  {t.catalog.mill}
                  <span className="d-block small text-body-secondary">{t.catalog.millHint}</span>
                </>
              }
            />
          )}
          <dl className="mb-0" aria-live="polite">
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
                  <FaCheckCircle aria-hidden /> {t.catalog.inStockCount(stock)}
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
                    {Array.from({ length: Math.min(stock, MAX_QTY_CHOICES) }, (_, i) => i + 1).map((n) => (
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
                  addToCart(toCartItem(product, qty, pack, options));
                  navigate(paths.cart);
                }}
              >
                {t.catalog.addToCart}
              </Button>
            </ListGroup.Item>
            {!inStock && (
              <ListGroup.Item>
                <StockAlertForm
                  key={pack?.id}
                  productId={product.id}
                  variantId={product.variants.length > 1 ? pack?.id : undefined}
                  title={product.variants.length > 1 && pack ? `${product.name}, ${pack.label}` : product.name}
                />
              </ListGroup.Item>
            )}
          </ListGroup>
        </Col>
      </Row>
      <section className="mt-4" aria-labelledby="description">
        <h2 id="description" className="h4">
          {t.catalog.description}
        </h2>
        <p style={{ whiteSpace: 'pre-line' }}>{product.description}</p>
      </section>
      {product.category === 'Hops' && <HopSubstitutes product={product.slug} />}
      <ProductReviews product={product} />
    </article>
  );
}
