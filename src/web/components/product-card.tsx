import { Link } from 'react-router';
import { CARD_IMAGE_SIZES, imageSrcSet } from '../../shared/product-images';
import type { Product } from '../../shared/products';
import { useT } from '../i18n';
import { paths } from '../../shared/routes';
import { ProductPrice } from './price';
import { Rating } from './rating';

/**
 * `eager`: the card is in the first screen, so its picture may be the largest paint (docs/seo.md).
 * `heading`: one level below the heading of the list the card is in.
 */
export function ProductCard({ product, eager = false, heading: Heading = 'h2' }: { product: Product; eager?: boolean; heading?: 'h2' | 'h3' }) {
  const t = useT();
  const main = product.images[0];
  return (
    <div className={`card product-card h-100 position-relative${product.countInStock <= 0 ? ' sold-out' : ''}`}>
      <Link to={paths.product(product.slug)} tabIndex={-1} aria-hidden>
        <img
          className="card-img-top"
          src={product.image}
          // The stored widths let a phone fetch the 400 px picture (docs/seo.md); a demo SVG has one size.
          srcSet={main?.url === product.image ? imageSrcSet(main) : undefined}
          sizes={main?.url === product.image && main.widths.length ? CARD_IMAGE_SIZES : undefined}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          width={300}
          height={300}
        />
      </Link>
      {product.discount > 0 && <span className="badge text-bg-danger discount-badge">{t.catalog.discountBadge(product.discount)}</span>}
      <div className="card-body d-flex flex-column">
        <Heading className="card-title">
          <Link to={paths.product(product.slug)} className="text-reset text-decoration-none stretched-link-none">
            {product.name}
          </Link>
        </Heading>
        {product.numReviews > 0 && <Rating value={product.rating} count={product.numReviews} />}
        <div className="mt-auto pt-2">
          <ProductPrice product={product} />
          {/* Sold-out products stay listed, after the others (docs/screens.md). */}
          {product.countInStock <= 0 && <span className="badge text-bg-secondary sold-out-badge">{t.catalog.outOfStock}</span>}
        </div>
      </div>
    </div>
  );
}
