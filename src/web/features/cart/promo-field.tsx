import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { formatUah } from '../../components/format';
import { ErrorMessage } from '../../components/message';
import { useT } from '../../i18n';
import { checkoutTexts } from '../../i18n/feature-texts/checkout';
import { useCart } from '../../stores/cart';
import type { CartPromo } from './use-cart-prices';

/**
 * "Промокод" in the cart (docs/promo-codes.md): type and apply, or see what it gives and remove it.
 * The code stays with the cart even when refused, so the shopper reads why and decides.
 */
export function PromoField({ promo }: { promo: CartPromo }) {
  const t = useT(checkoutTexts);
  const setPromoCode = useCart((s) => s.setPromoCode);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const statusId = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) setPromoCode(typed);
  };

  if (promo.code) {
    return (
      <div>
        <div className="d-flex justify-content-between align-items-center gap-2">
          <span id={statusId} role="status" className={promo.applied ? 'text-success' : undefined}>
            {promo.applied
              ? promo.applied.freeDelivery
                ? t.checkout.promoAppliedFreeDelivery(promo.applied.code)
                : t.checkout.promoApplied(promo.applied.code, formatUah(promo.applied.discountPrice))
              : promo.isChecking
                ? t.checkout.promoChecking
                : t.checkout.promo(promo.code)}
          </span>
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() => {
              setPromoCode(null);
              setTyped('');
            }}
            aria-label={t.checkout.promoRemoveCode(promo.code)}
          >
            {t.checkout.promoRemove}
          </Button>
        </div>
        {promo.error ? (
          <div className="mt-2">
            <ErrorMessage error={promo.error} />
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <Form onSubmit={apply} noValidate>
      <Form.Label htmlFor={inputId}>{t.checkout.promoLabel}</Form.Label>
      <InputGroup>
        <Form.Control
          id={inputId}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t.checkout.promoPlaceholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
        />
        <Button type="submit" variant="outline-primary" disabled={!typed.trim()}>
          {t.checkout.promoApply}
        </Button>
      </InputGroup>
    </Form>
  );
}
