import type { errors as uk } from '../uk/errors';

const kg = (n: string | number | undefined) => Number(n ?? 0).toLocaleString('en-GB', { maximumFractionDigits: 2 });

export const errors: typeof uk = {
  validation: (details) => `Invalid data (${details})`,
  codes: {
    VALIDATION_ERROR: 'Invalid data',
    BAD_INPUT: 'Invalid data',
    FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is not valid JSON',
    FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
    TOO_MANY_REQUESTS: 'Too many attempts. Try again later',
    NOT_SIGNED_IN: 'Sign in to continue',
    UNAUTHORIZED: 'Please sign in',
    FORBIDDEN: 'Not allowed',
    ADMIN_ONLY: 'Admins only',
    NOT_FOUND: 'Not found',
    CONFLICT: 'Such a record already exists or is tied to other data',
    INTERNAL: 'Internal server error',
    DB_UNAVAILABLE: 'The service is briefly unavailable. Try again in a few seconds',

    BAD_CREDENTIALS: 'Wrong e-mail or password',
    EMAIL_TAKEN: 'A user with this e-mail already exists',
    TOO_MANY_ATTEMPTS: (p) => {
      const seconds = Number(p.seconds ?? 60);
      return `Too many attempts. Try again in ${seconds < 60 ? `${Math.max(1, seconds)} s` : `${Math.ceil(seconds / 60)} min`}`;
    },
    PASSWORD_TOO_COMMON: 'This password is too common and easy to guess. Choose another one',
    ACCOUNT_THROTTLED: (p) => {
      const seconds = Number(p.seconds ?? 60);
      return `Too many failed sign-ins to this account. Try again in ${seconds < 60 ? `${Math.max(1, seconds)} s` : `${Math.ceil(seconds / 60)} min`} or reset the password with “Forgot password?”`;
    },
    CURRENT_PASSWORD_REQUIRED: 'To change the e-mail or the password, enter your current password',
    WRONG_CURRENT_PASSWORD: 'The current password is wrong',
    RESET_TOKEN_INVALID: 'The password reset link is invalid or expired. Ask for a new one',
    USER_NOT_FOUND: 'User not found',
    ADMIN_PROTECTED: 'An admin account cannot be changed or deleted',
    CANNOT_DELETE_SELF: 'You cannot delete your own account',

    PRODUCT_NOT_FOUND: 'Product not found',
    ALREADY_REVIEWED: 'You have already reviewed this product',
    NOT_MULTIPART: 'Send the file in the field image (multipart/form-data)',
    NO_FILE: 'Choose an image file',
    WRONG_FIELD: 'The file must come in the field image',
    FILE_TOO_LARGE: 'The file is too large: 10 MB at most',
    UNSUPPORTED_IMAGE: 'The file is not a JPEG, PNG or WebP image, or it is damaged',

    ORDER_NOT_FOUND: 'Order not found',
    IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for another order. Place the order again',
    ORDER_OUTCOME_UNKNOWN:
      'The connection to the database broke while the order was being placed. Check “My orders” or try again in a minute: the order will not be placed twice',
    BAD_IDEMPOTENCY_KEY: 'Invalid Idempotency-Key header',
    PAYMENT_METHOD_UNAVAILABLE: 'This payment method is not available now. Choose another',
    BRANCH_NOT_IN_SETTLEMENT: 'The chosen branch is not in this town or no longer works. Choose the branch again',
    PRODUCT_GONE: 'Some products in the cart are no longer in the catalogue. Update the cart',
    ORDER_LINE_LIMIT: (p) => `At most ${p.max} of “${p.product}” in one order. For more, contact the shop`,
    ORDER_SIZE_LIMIT: (p) => `At most ${p.max} items in one order. For a larger order, contact the shop`,
    ORDER_NEEDS_CONFIRMATION: (p) => `The shop must confirm this quantity of “${p.product}”: contact us and we will place the order`,
    ORDER_CONFIRMED: 'The order is confirmed',
    OUT_OF_STOCK: (p) => `Not enough “${p.product}” in stock`,
    PARCEL_TOO_HEAVY: (p) => `The parcel weighs ${kg(p.weightKg)} kg, but “${p.branch}” takes up to ${kg(p.maxWeightKg)} kg. Choose another branch`,
    ORDER_ALREADY_CLAIMED: 'This order is already in another account',
    ORDER_CANCELLED: 'The order is cancelled',
    ORDER_ALREADY_PAID: 'The order is already paid',
    ORDER_ALREADY_SHIPPED: 'The order is already shipped',
    ORDER_ALREADY_DELIVERED: 'The order is already delivered',
    ORDER_NOT_PAID: 'The order is not paid yet: it can be shipped or delivered only after payment',
    ORDER_NOT_SHIPPED: 'The order is not shipped yet',
    ORDER_BAD_TRANSITION: 'The order cannot move to that status',
    ORDER_NOT_CANCELLABLE: 'This order is already paid or shipped: to cancel it, contact the shop',
    ORDER_PAID_ONLINE: 'An online payment is confirmed by the payment provider, not by an admin',
    NOVA_POSHTA_KEY_MISSING: 'To create waybills, set the Nova Poshta API key (NOVA_POSHTA_API_KEY)',
    NOVA_POSHTA_SENDER_MISSING: 'Fill in the Nova Poshta sender in the shop settings',

    NOT_YOUR_ORDER: 'Only the buyer can pay for the order',
    TEST_PAYMENTS_DISABLED: 'Test payments are off',
    PAYPAL_ORDER_MISMATCH: 'This PayPal payment was not created for this order',
    PAYMENT_REUSED: 'This payment has already been counted for another order',
    PAYPAL_NOT_CONFIGURED: 'PayPal payments are not set up on this server',
    PAYPAL_NOT_CREATED: 'No PayPal payment has been created for this order yet',
    PAYMENT_OTHER_ORDER: 'This payment was made for another order',
    PAYMENT_NOT_COMPLETED: 'The PayPal payment is not completed yet',
    PAYMENT_DECLINED: 'PayPal declined the payment',
    PAYMENT_NOT_FOUND: 'PayPal does not know this payment',
    PAYMENT_WRONG_CURRENCY: (p) => `The payment must be in ${p.expected}, not in ${p.got}`,
    PAYMENT_WRONG_AMOUNT: 'The payment amount does not match the order total',
    PAYPAL_UNAVAILABLE: 'Could not check the payment with PayPal. Try again later',
    PAYPAL_TIMEOUT: 'PayPal did not answer in time. Try again in a minute',
    EXCHANGE_RATE_UNAVAILABLE: 'Could not get the NBU rate for paying in dollars. Try again later',
    LIQPAY_NOT_CONFIGURED: 'Card payments through LiqPay are not set up',
    LIQPAY_BAD_SIGNATURE: 'Wrong LiqPay signature',
    LIQPAY_BAD_DATA: 'Unreadable LiqPay data',

    NOVA_POSHTA_UNAVAILABLE: 'Nova Poshta is not answering properly now. Try again a little later',
    NOVA_POSHTA_TIMEOUT: 'Nova Poshta did not answer in time. Try again a little later',
  },
};
