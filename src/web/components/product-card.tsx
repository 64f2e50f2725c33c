import { Link } from 'react-router';
import type { Product } from '../../shared/products';
import { useT } from '../i18n';
import { paths } from '../paths';
import { Price } from './price';
import { Rating } from './rating';

export function ProductCard({ product }: { product: Product }) {
  const t = useT();
  return (
    <div className="card product-card h-100 position-relative">
      <Link to={paths.product(product._id)} tabIndex={-1} aria-hidden>
        <img className="card-img-top" src={product.image} alt="" loading="lazy" width={300} height={300} />
      </Link>
      {product.discount > 0 && (
        <span className="badge text-bg-danger discount-badge">
          {t.catalog.discountBadge(product.discount)}
        </span>
      )}
      <div className="card-body d-flex flex-column">
        <h3 className="card-title">
          <Link to={paths.product(product._id)} className="text-reset text-decoration-none stretched-link-none">
            {product.name}
          </Link>
        </h3>
        {product.numReviews > 0 && <Rating value={product.rating} count={product.numReviews} />}
        <div className="mt-auto pt-2">
          <Price price={product.price} discount={product.discount} category={product.category} />
        </div>
      </div>
    </div>
  );
}
