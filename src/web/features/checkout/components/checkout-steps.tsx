import { Link } from 'react-router';
import { useT } from '../../../i18n';
import { checkoutTexts } from '../../../i18n/feature-texts/checkout';
import { paths } from '../../../../shared/routes';

type Step = 1 | 2 | 3;

/**
 * The step bar of checkout (docs/screens.md): delivery, payment, order. Guests come first, so
 * signing in is no step: the delivery step offers it. Steps up to the reached one are links.
 */
export function CheckoutSteps({ current }: { current: Step }) {
  const t = useT(checkoutTexts);
  const steps: { n: Step; label: string; to: string }[] = [
    { n: 1, label: t.checkout.stepShipping, to: paths.shipping },
    { n: 2, label: t.checkout.stepPayment, to: paths.payment },
    { n: 3, label: t.checkout.stepPlaceOrder, to: paths.placeOrder },
  ];
  return (
    <nav aria-label={t.checkout.steps} className="mb-4">
      <ol className="checkout-steps nav nav-pills flex-wrap justify-content-center gap-1 list-unstyled mb-0">
        {steps.map((step) => (
          <li key={step.n} className="nav-item">
            {step.n === current ? (
              <span className="nav-link active" aria-current="step">
                {step.label}
              </span>
            ) : step.n < current ? (
              <Link className="nav-link" to={step.to}>
                {step.label}
              </Link>
            ) : (
              <span className="nav-link disabled text-body-secondary" aria-disabled="true">
                {step.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
