import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { Product } from '../../shared/products';
import { useT } from '../i18n';
import { paths } from '../paths';
import { Price } from './price';
import { Rating } from './rating';

export function ProductCard({ product }: { product: Product }) {
  const t = useT();
  return (
    <Card className="product-card h-100 position-relative">
      <Link to={paths.product(product._id)} tabIndex={-1} aria-hidden>
        <Card.Img variant="top" src={product.image} alt="" loading="lazy" width={300} height={300} />
      </Link>
      {product.discount > 0 && (
        <Badge bg="danger" className="discount-badge">
          {t.catalog.discountBadge(product.discount)}
        </Badge>
      )}
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h3">
          <Link to={paths.product(product._id)} className="text-reset text-decoration-none stretched-link-none">
            {product.name}
          </Link>
        </Card.Title>
        {product.numReviews > 0 && <Rating value={product.rating} count={product.numReviews} />}
        <div className="mt-auto pt-2">
          <Price price={product.price} discount={product.discount} category={product.category} />
        </div>
      </Card.Body>
    </Card>
  );
}
