import { lazy, Suspense } from 'react';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { FaRegStar, FaStar } from 'react-icons/fa';
import { Link } from 'react-router';
import type { ProductDetail } from '../../../shared/products';
import { useDateFormat } from '../../components/format';
import { Loader } from '../../components/loader';
import { Message } from '../../components/message';
import { useT } from '../../i18n';
import { paths } from '../../../shared/routes';
import { useAuth } from '../../stores/auth';

// Only a signed-in shopper writes a review: the form and its validation (zod) load for them alone.
const ReviewForm = lazy(() => import('./review-form'));

/** The product's reviews (name, stars, date, comment) and, for signed-in shoppers, the review form. */
export function ProductReviews({ product }: { product: ProductDetail }) {
  const t = useT();
  const dates = useDateFormat();
  const userId = useAuth((s) => s.userInfo?.id);
  const reviewed = userId !== undefined && product.reviews.some((r) => r.user === userId);

  return (
    <section className="mt-4" aria-labelledby="reviews">
      <Row className="g-4">
        <Col md={7}>
          <h2 id="reviews" className="h4">
            {t.reviews.title}
          </h2>
          {product.reviews.length === 0 ? (
            <Message>{t.reviews.none}</Message>
          ) : (
            <ListGroup variant="flush" as="ul">
              {product.reviews.map((review) => (
                <ListGroup.Item as="li" key={review.id} className="px-0">
                  <div className="d-flex flex-wrap justify-content-between gap-2">
                    <strong>{review.name}</strong>
                    <time dateTime={review.createdAt} className="text-body-secondary small">
                      {dates.date(review.createdAt)}
                    </time>
                  </div>
                  <Stars value={review.rating} />
                  <p className="mb-0 mt-1" style={{ whiteSpace: 'pre-line' }}>
                    {review.comment}
                  </p>
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
        </Col>
        <Col md={5}>
          <h2 className="h4">{t.reviews.writeTitle}</h2>
          {!userId ? (
            <Message>
              <Link to={paths.login(paths.product(product.slug))}>{t.reviews.signInToReview}</Link>
            </Message>
          ) : reviewed ? (
            <Message>{t.reviews.alreadyReviewed}</Message>
          ) : (
            <Suspense fallback={<Loader small />}>
              <ReviewForm productId={product.id} />
            </Suspense>
          )}
        </Col>
      </Row>
    </section>
  );
}

function Stars({ value }: { value: number }) {
  const t = useT();
  return (
    <div className="rating-stars d-flex gap-1" role="img" aria-label={t.reviews.stars(value)} title={t.reviews.stars(value)}>
      {[1, 2, 3, 4, 5].map((star) => (value >= star ? <FaStar key={star} aria-hidden /> : <FaRegStar key={star} aria-hidden />))}
    </div>
  );
}
