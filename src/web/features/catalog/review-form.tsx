import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { notify } from '../../components/notify';
import { REVIEW_COMMENT_MAX, ReviewCreateSchema, type Review, type ReviewCreate } from '../../../shared/products';
import { api } from '../../api/client';
import { useFieldMessage } from '../../api/error-message';
import { useT } from '../../i18n';

/** POST /api/products/{id}/reviews; the product, the lists and the top row then refetch. */
function useAddReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewCreate) =>
      api<{ message: string; review: Review }>(`/api/products/${encodeURIComponent(productId)}/reviews`, { method: 'POST', body: review }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

/** The review form: stars and a comment, validated as the server validates them. */
export default function ReviewForm({ productId }: { productId: string }) {
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
      (error: unknown) => notify.failure(error),
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
