import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { FaRegStar, FaStar } from 'react-icons/fa';
import { Link } from 'react-router';
import { notify } from '../../components/notify';
import { REVIEW_COMMENT_MAX, ReviewCreateSchema, type ProductDetail, type Review, type ReviewCreate } from '../../../shared/products';
import { api } from '../../api/client';
import { errorMessage, useFieldMessage } from '../../api/error-message';
import { useDateFormat } from '../../components/format';
import { Message } from '../../components/message';
import { useT } from '../../i18n';
import { paths } from '../../paths';
import { useAuth } from '../../stores/auth';

/** POST /api/products/{id}/reviews; the product, the lists and the top row then refetch. */
function useAddReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewCreate) =>
      api<{ message: string; review: Review }>(`/api/products/${encodeURIComponent(productId)}/reviews`, { method: 'POST', body: review }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

/** The product's reviews (name, stars, date, comment) and, for signed-in shoppers, the review form. */
export function ProductReviews({ product }: { product: ProductDetail }) {
  const t = useT();
  const dates = useDateFormat();
  const userId = useAuth((s) => s.userInfo?._id);
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
                <ListGroup.Item as="li" key={review._id} className="px-0">
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
            <ReviewForm productId={product._id} />
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

function ReviewForm({ productId }: { productId: string }) {
  const t = useT();
  const fieldText = useFieldMessage();
  const add = useAddReview(productId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewCreate>({ resolver: zodResolver(ReviewCreateSchema), defaultValues: { comment: '' } });

  const onSubmit = (review: ReviewCreate) =>
    add.mutateAsync(review).then(
      () => {
        notify.success(t.reviews.thanks);
        reset();
      },
      (error: unknown) => notify.error(errorMessage(error)),
    );

  const describedBy = (field: keyof ReviewCreate) => (errors[field] ? `review-${field}-error` : undefined);

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Form.Group controlId="review-rating" className="mb-3">
        <Form.Label>{t.reviews.rating}</Form.Label>
        <Form.Select
          {...register('rating', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
          defaultValue=""
          isInvalid={Boolean(errors.rating)}
          aria-invalid={errors.rating ? true : undefined}
          aria-describedby={describedBy('rating')}
        >
          <option value="">{t.reviews.chooseRating}</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {t.reviews.ratingLabels[n]}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid" id="review-rating-error">
          {fieldText(errors.rating?.message)}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId="review-comment" className="mb-3">
        <Form.Label>{t.reviews.comment}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          {...register('comment')}
          isInvalid={Boolean(errors.comment)}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={describedBy('comment')}
        />
        <Form.Control.Feedback type="invalid" id="review-comment-error">
          {fieldText(errors.comment?.message)}
        </Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? t.reviews.sending : t.reviews.submit}
      </Button>
    </Form>
  );
}
