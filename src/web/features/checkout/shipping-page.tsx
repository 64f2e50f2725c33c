import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useEffectEvent, useMemo, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { branchTakes, parcelWeightKg, type Branch, type City, type DeliveryKind, type Street } from '../../../shared/delivery';
import { EmailSchema } from '../../../shared/users';
import { MAX_ORDER_COMMENT, ShippingSchema, type ShippingInput, type Shipping } from '../../../shared/orders';
import { useFieldMessage } from '../../api/error-message';
import { Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { checkoutTexts } from '../../i18n/feature-texts/checkout';
import { paths } from '../../../shared/routes';
import { useAuth } from '../../stores/auth';
import { useCart, type CartShipping } from '../../stores/cart';
import { useCartPrices } from '../cart';
import { DeliveryCost } from '../orders';
import { useBranches, useDeliveryEstimate } from './api';
import { BranchPicker } from './components/branch-picker';
import { CheckoutSteps } from './components/checkout-steps';
import { CityCombobox } from './components/city-combobox';
import { StreetCombobox } from './components/street-combobox';
import { readShippingDraft, writeShippingDraft, type ShippingDraft } from './shipping-draft';

/** What the step starts from: the draft of this tab (a reload, a trip to sign in), else the saved address. */
function startingPoint(saved: CartShipping | null): ShippingDraft {
  return (
    readShippingDraft() ?? {
      kind: saved?.delivery ?? 'branch',
      city: saved?.settlement ?? null,
      cityText: saved?.city ?? '',
      branch: saved?.branchPoint ?? null,
      street: saved?.streetRef && saved.street ? { ref: saved.streetRef, name: saved.street } : null,
      house: saved?.house ?? '',
      flat: saved?.flat ?? '',
      recipient: saved?.recipientName ?? '',
      phone: saved?.phoneNumber ?? '',
      email: saved?.guestEmail ?? '',
      comment: saved?.comment ?? '',
    }
  );
}

/**
 * /shipping (docs/delivery.md): the first checkout step, for guests too. The settlement from Nova
 * Poshta's directory, then a branch or parcel locker that can take the parcel, or courier delivery
 * to a street, house and flat; the recipient, the phone, an optional e-mail and a comment; Nova
 * Poshta's price and day as soon as they are known. What is typed is kept in the tab's session
 * storage, so a reload or signing in midway loses nothing.
 */
export default function ShippingPage() {
  const t = useT(checkoutTexts);
  const navigate = useNavigate();
  const saved = useCart((s) => s.shipping);
  const saveShipping = useCart((s) => s.saveShipping);
  const cartItems = useCart((s) => s.cartItems);
  const user = useAuth((s) => s.userInfo);
  const weightKg = useMemo(() => parcelWeightKg(cartItems), [cartItems]);
  const { prices } = useCartPrices(cartItems);
  const [start] = useState(() => startingPoint(saved));

  const [kind, setKind] = useState<DeliveryKind>(start.kind);
  const [city, setCity] = useState<City | null>(start.city);
  const [branch, setBranch] = useState<Branch | null>(start.branch);
  const [street, setStreet] = useState<Street | null>(start.street);
  /** A settlement typed by hand while Nova Poshta's directory is unreachable. */
  const [typedCity, setTypedCity] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(saved?.branch && !saved.branchRef && saved.delivery !== 'door' ? t.checkout.savedBranchUnchecked : null);

  const form = useForm<ShippingInput, unknown, Shipping>({
    resolver: zodResolver(ShippingSchema),
    defaultValues: {
      recipientName: start.recipient || user?.name || '',
      phoneNumber: start.phone || user?.phone || '',
      city: start.city?.name ?? '',
      branch: start.kind === 'branch' ? (start.branch?.description ?? '') : '',
      postalCode: '',
      settlementRef: start.city?.ref,
      branchRef: start.kind === 'branch' ? start.branch?.ref : undefined,
      delivery: start.kind,
      streetRef: start.street?.ref,
      street: start.street?.name,
      house: start.house,
      flat: start.flat,
    },
  });
  const { errors, isSubmitted } = form.formState;
  const field = useFieldMessage();
  // A guest may leave an e-mail for the order's news and link; the phone is enough (docs/delivery.md).
  const [guestEmail, setGuestEmail] = useState(start.email);
  const [guestEmailError, setGuestEmailError] = useState<string | undefined>();
  const checkGuestEmail = (value: string) => {
    if (value.trim() === '') {
      setGuestEmailError(undefined);
      return '';
    }
    const parsed = EmailSchema.safeParse(value);
    setGuestEmailError(parsed.success ? undefined : parsed.error.issues[0].message);
    return parsed.success ? parsed.data : null;
  };
  const [comment, setComment] = useState(start.comment);

  // Everything typed goes to the tab's session storage as it changes (a reload, or signing in, keeps it).
  const draft = (): ShippingDraft => {
    const values = form.getValues();
    return {
      kind,
      city,
      cityText: values.city ?? '',
      branch,
      street,
      house: values.house ?? '',
      flat: values.flat ?? '',
      recipient: values.recipientName ?? '',
      phone: values.phoneNumber ?? '',
      email: guestEmail,
      comment,
    };
  };
  const saveDraft = useEffectEvent(() => writeShippingDraft(draft()));
  useEffect(() => saveDraft(), [kind, city, branch, street, guestEmail, comment]);
  useEffect(() => form.subscribe({ formState: { values: true }, callback: () => saveDraft() }), [form]);

  const chooseCity = (next: City | null) => {
    setCity(next);
    setTypedCity(null);
    // A branch and a street belong to their settlement: another settlement (or none) drops them.
    chooseBranch(null);
    chooseStreet(null);
    form.setValue('city', next?.name ?? '', { shouldValidate: isSubmitted });
    form.setValue('settlementRef', next?.ref);
  };
  const chooseBranch = (next: Branch | null) => {
    setBranch(next);
    form.setValue('branch', next?.description ?? '', { shouldValidate: isSubmitted && kind === 'branch' });
    form.setValue('branchRef', next?.ref);
  };
  const chooseStreet = (next: Street | null) => {
    setStreet(next);
    form.setValue('streetRef', next?.ref);
    form.setValue('street', next?.name, { shouldValidate: isSubmitted });
  };
  const chooseKind = (next: DeliveryKind) => {
    setKind(next);
    form.setValue('delivery', next);
    if (next === 'door') chooseBranch(null);
    else chooseStreet(null);
  };
  const useTypedCity = (name: string) => {
    chooseCity(null);
    setTypedCity(name);
    chooseKind('branch');
    form.setValue('city', name, { shouldValidate: isSubmitted });
  };

  // The saved branch, asked again: it may have closed, or the cart may have grown too heavy for it.
  const savedRefs = start.city && start.branch && start.kind === 'branch' ? { cityRef: start.city.ref, ref: start.branch.ref } : null;
  const recheck = useBranches(savedRefs);
  const rechecked = useRef(false);
  // The answer's consequences use the latest weight and texts, yet do not make the check run again.
  const onRechecked = useEffectEvent((fresh: Branch | undefined, description: string) => {
    if (!fresh) {
      setNotice(t.checkout.savedBranchGone(description));
      chooseBranch(null);
    } else if (!branchTakes(fresh, weightKg)) {
      setNotice(t.checkout.savedBranchTooHeavy(fresh.description));
      chooseBranch(null);
    }
  });
  useEffect(() => {
    // Once per visit: the answer for the saved refs, not every later change.
    if (rechecked.current || !recheck.isSuccess || !start.branch) return;
    rechecked.current = true;
    onRechecked(recheck.data.branches[0], start.branch.description);
  }, [recheck.isSuccess, recheck.data, start.branch]);

  // Nova Poshta's price and day once the place is known: a branch, or a settlement for the door.
  const estimateFor = city && prices && (kind === 'door' || branch) ? { settlementRef: city.ref, branchRef: kind === 'door' ? 'door' : branch!.ref } : null;
  const estimate = useDeliveryEstimate(estimateFor && prices ? { ...estimateFor, weightKg, value: prices.itemsPrice } : null);

  const onSubmit = (event: FormEvent) => {
    const email = user ? undefined : checkGuestEmail(guestEmail);
    if (kind === 'door') {
      const { house = '', flat = '' } = form.getValues();
      form.setValue('branch', street && house.trim() ? t.checkout.doorAddress(street.name, house.trim(), flat.trim()) : '');
      form.setValue('area', city?.area ?? '');
      form.setValue('region', city?.region ?? '');
    }
    void form.handleSubmit((address) => {
      if (email === null) return;
      if (comment.length > MAX_ORDER_COMMENT) return;
      saveShipping({
        ...address,
        ...(kind === 'door' ? { branchRef: undefined } : { streetRef: undefined, street: undefined, house: undefined, flat: undefined }),
        settlement: city ?? undefined,
        branchPoint: kind === 'branch' ? (branch ?? undefined) : undefined,
        guestEmail: user ? undefined : email,
        comment: comment.trim(),
      });
      navigate(paths.payment);
    })(event);
  };

  const manualBranch = (
    <Form.Group controlId="shipping-branch-manual" className="mt-2">
      <Form.Label>{t.checkout.branchByHand}</Form.Label>
      <Form.Control
        type="text"
        placeholder={t.checkout.branchByHandPlaceholder}
        isInvalid={!!errors.branch}
        onChange={(event) => {
          setBranch(null);
          form.setValue('branchRef', undefined);
          form.setValue('branch', event.target.value, { shouldValidate: isSubmitted });
        }}
      />
      <Form.Control.Feedback type="invalid">{field(errors.branch?.message)}</Form.Control.Feedback>
    </Form.Group>
  );

  const doorFields = city && (
    <>
      <StreetCombobox key={city.ref} settlementRef={city.ref} chosen={street} onChoose={chooseStreet} error={field(errors.street?.message)} />
      <Row className="g-2 mb-3">
        <Col xs={6}>
          <Form.Group controlId="shipping-house">
            <Form.Label>{t.checkout.house}</Form.Label>
            <Form.Control type="text" autoComplete="off" isInvalid={!!errors.house} {...form.register('house')} />
            <Form.Control.Feedback type="invalid">{field(errors.house?.message)}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={6}>
          <Form.Group controlId="shipping-flat">
            <Form.Label>{t.checkout.flat}</Form.Label>
            <Form.Control type="text" autoComplete="off" aria-describedby="shipping-flat-hint" isInvalid={!!errors.flat} {...form.register('flat')} />
            <Form.Text id="shipping-flat-hint">{t.checkout.flatHint}</Form.Text>
            <Form.Control.Feedback type="invalid">{field(errors.flat?.message)}</Form.Control.Feedback>
          </Form.Group>
        </Col>
      </Row>
    </>
  );

  const cityError = errors.city || errors.settlementRef ? t.checkout.chooseCityFromList : undefined;
  return (
    <Row className="justify-content-center">
      <Col md={10} lg={8} xl={7}>
        <PageTitle title={t.checkout.shippingTitle} />
        <CheckoutSteps current={1} />
        <h1 className="mb-3">{t.checkout.shippingTitle}</h1>
        {!user && (
          <p className="mb-4">
            {t.checkout.haveAccount} <Link to={paths.login(paths.shipping)}>{t.checkout.guestSignIn}</Link>
            <span className="text-body-secondary"> {t.checkout.signInKeepsTyped}</span>
          </p>
        )}
        {notice && <Message variant="warning">{notice}</Message>}
        <Form noValidate onSubmit={onSubmit}>
          <CityCombobox
            chosen={city}
            initialText={start.cityText}
            onChoose={chooseCity}
            onTypedCity={useTypedCity}
            error={typedCity === null ? cityError : field(errors.city?.message)}
          />

          {city && (
            <fieldset className="mb-3">
              <legend className="form-label fs-6 mb-1">{t.checkout.deliveryKind}</legend>
              <Form.Check
                type="radio"
                id="delivery-branch"
                name="delivery-kind"
                label={t.checkout.deliveryToBranch}
                checked={kind === 'branch'}
                onChange={() => chooseKind('branch')}
              />
              <Form.Check
                type="radio"
                id="delivery-door"
                name="delivery-kind"
                label={t.checkout.deliveryToDoor}
                checked={kind === 'door'}
                onChange={() => chooseKind('door')}
              />
            </fieldset>
          )}

          {city && kind === 'door' ? (
            doorFields
          ) : city ? (
            <BranchPicker
              key={city.ref}
              city={city}
              weightKg={weightKg}
              chosen={branch}
              onChoose={(next) => {
                setNotice(null);
                chooseBranch(next);
              }}
              error={field(errors.branch?.message)}
              fallback={manualBranch}
            />
          ) : typedCity !== null ? (
            manualBranch
          ) : (
            <p className="text-body-secondary mb-3">
              {t.checkout.branch}: {t.checkout.chooseCityFirst.toLowerCase()}
            </p>
          )}

          {estimateFor && prices && (
            <div className="mb-3" aria-live="polite">
              <DeliveryCost
                estimate={estimate.data?.available ? estimate.data : null}
                loading={estimate.isPending}
                byCarrier={prices.shippingByCarrier}
                shippingPrice={prices.shippingPrice}
              />
            </div>
          )}

          <Form.Group className="mb-3" controlId="shipping-recipient">
            <Form.Label>{t.checkout.recipient}</Form.Label>
            <Form.Control type="text" autoComplete="name" isInvalid={!!errors.recipientName} {...form.register('recipientName')} />
            <Form.Control.Feedback type="invalid">{field(errors.recipientName?.message)}</Form.Control.Feedback>
          </Form.Group>

          <Form.Group className="mb-3" controlId="shipping-phone">
            <Form.Label>{t.checkout.phone}</Form.Label>
            <Form.Control
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              aria-describedby="shipping-phone-hint"
              isInvalid={!!errors.phoneNumber}
              {...form.register('phoneNumber')}
            />
            <Form.Text id="shipping-phone-hint">{t.checkout.phoneHint}</Form.Text>
            <Form.Control.Feedback type="invalid">{field(errors.phoneNumber?.message)}</Form.Control.Feedback>
          </Form.Group>

          {!user && (
            <Form.Group className="mb-3" controlId="shipping-guest-email">
              <Form.Label>{t.checkout.guestEmail}</Form.Label>
              <Form.Control
                type="email"
                autoComplete="email"
                inputMode="email"
                aria-describedby="shipping-guest-email-hint"
                isInvalid={!!guestEmailError}
                value={guestEmail}
                onChange={(event) => {
                  setGuestEmail(event.target.value);
                  if (guestEmailError) checkGuestEmail(event.target.value);
                }}
              />
              <Form.Text id="shipping-guest-email-hint">{t.checkout.guestEmailHint}</Form.Text>
              <Form.Control.Feedback type="invalid">{field(guestEmailError)}</Form.Control.Feedback>
            </Form.Group>
          )}

          <Form.Group className="mb-4" controlId="shipping-comment">
            <Form.Label>{t.checkout.comment}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={MAX_ORDER_COMMENT}
              aria-describedby="shipping-comment-hint"
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
            <Form.Text id="shipping-comment-hint">{t.checkout.commentHint}</Form.Text>
          </Form.Group>

          <Button type="submit" variant="primary">
            {t.checkout.continue}
          </Button>
        </Form>
      </Col>
    </Row>
  );
}
