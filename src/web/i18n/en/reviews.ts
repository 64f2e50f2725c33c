import type { reviews as uk } from '../uk/reviews';

export const reviews: typeof uk = {
  title: 'Reviews',
  none: 'No Reviews',
  writeTitle: 'Write a Customer Review',
  rating: 'Rating',
  chooseRating: 'Select...',
  ratingLabels: { 1: '1 - Poor', 2: '2 - Fair', 3: '3 - Good', 4: '4 - Very Good', 5: '5 - Excellent' },
  comment: 'Comment',
  submit: 'Submit',
  sending: 'Sending…',
  thanks: 'Thank you for your review!',
  signInToReview: 'Please sign in to write a review',
  alreadyReviewed: 'You have already reviewed this product.',
  stars: (n) => `${n} of 5`,
};
