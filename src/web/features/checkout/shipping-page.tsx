import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useEffectEvent, useMemo, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { branchTakes, parcelWeightKg, type Branch, type City } from '../../../shared/delivery';
import { EmailSchema } from '../../../shared/users';
import { ShippingAddressSchema, type ShippingAddressInput, type ShippingAddress as ShippingAddressPayload } from '../../../shared/orders';
import { useFieldMessage } from '../../api/error-message';
import { Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { checkoutTexts } from '../../i18n/feature-texts/checkout';
import { paths } from '../../paths';
import { useAuth } from '../../stores/auth';
import { useCart } from '../../stores/cart';
import { useBranches } from './api';
import { BranchPicker } from './components/branch-picker';
import { CheckoutSteps } from './components/checkout-steps';
import { CityCombobox } from './components/city-combobox';

/**
 * /shipping (docs/delivery.md): the settlement from Nova Poshta's directory, one of its branches or
 * parcel lockers that can take the parcel, the recipient and the phone. Another settlement drops
 * the branch; a saved branch is checked again on return.
 */
export default function ShippingPage() {
  const t = useT(checkoutTexts);
  const navigate = useNavigate();
  const saved = useCart((s) => s.shippingAddress);
  const saveShippingAddress = useCart((s) => s.saveShippingAddress);
  const cartItems = useCart((s) => s.cartItems);
  const user = useAuth((s) => s.userInfo);
  const weightKg = useMemo(() => parcelWeightKg(cartItems), [cartItems]);

  const [city, setCity] = useState<City | null>(saved?.settlement ?? null);
  const [branch, setBranch] = useState<Branch | null>(saved?.branch ?? null);
  /** A settlement typed by hand while Nova Poshta's directory is unreachable. */
  const [typedCity, setTypedCity] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(saved?.country && !saved.warehouseRef ? t.checkout.savedBranchUnchecked : null);

  const form = useForm<ShippingAddressInput, unknown, ShippingAddressPayload>({
    resolver: zodResolver(ShippingAddressSchema),
    defaultValues: {
      address: saved?.address ?? user?.name ?? '',
      phoneNumber: saved?.phoneNumber ?? user?.phone ?? '',
      city: saved?.settlement?.name ?? '',
      country: saved?.branch?.description ?? '',
      postalCode: '',
      settlementRef: saved?.settlement?.ref,
      warehouseRef: saved?.branch?.ref,
    },
  });
  const { errors, isSubmitted } = form.formState;
  const field = useFieldMessage();
  // A guest (no account) leaves an e-mail for the order's news and link.
  const [guestEmail, setGuestEmail] = useState(saved?.guestEmail ?? '');
  const [guestEmailError, setGuestEmailError] = useState<string | undefined>();
  const checkGuestEmail = (value: string) => {
    const parsed = EmailSchema.safeParse(value);
    setGuestEmailError(parsed.success ? undefined : parsed.error.issues[0].message);
    return parsed.success ? parsed.data : null;
  };

  const chooseCity = (next: City | null) => {
    setCity(next);
    setTypedCity(null);
    // A branch belongs to its settlement: another settlement (or none) drops it.
    chooseBranch(null);
    form.setValue('city', next?.name ?? '', { shouldValidate: isSubmitted });
    form.setValue('settlementRef', next?.ref);
  };
  const chooseBranch = (next: Branch | null) => {
    setBranch(next);
    form.setValue('country', next?.description ?? '', { shouldValidate: isSubmitted });
    form.setValue('warehouseRef', next?.ref);
  };
  const useTypedCity = (name: string) => {
    chooseCity(null);
    setTypedCity(name);
    form.setValue('city', name, { shouldValidate: isSubmitted });
  };

  // The saved branch, asked again: it may have closed, or the cart may have grown too heavy for it.
  const savedRefs = saved?.settlement && saved.branch ? { cityRef: saved.settlement.ref, ref: saved.branch.ref } : null;
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
    if (rechecked.current || !recheck.isSuccess || !saved?.branch) return;
    rechecked.current = true;
    onRechecked(recheck.data.branches[0], saved.branch.description);
  }, [recheck.isSuccess, recheck.data, saved?.branch]);

  const onSubmit = (event: FormEvent) => {
    const email = user ? undefined : checkGuestEmail(guestEmail);
    void form.handleSubmit((address) => {
      if (email === null) return;
      saveShippingAddress({ ...address, settlement: city ?? undefined, branch: branch ?? undefined, guestEmail: email });
      navigate(paths.payment);
    })(event);
  };

  const manualBranch = (
    <Form.Group controlId="shipping-branch-manual" className="mt-2">
      <Form.Label>{t.checkout.branchByHand}</Form.Label>
      <Form.Control
        type="text"
        placeholder={t.checkout.branchByHandPlaceholder}
        isInvalid={!!errors.country}
        onChange={(event) => {
          setBranch(null);
          form.setValue('warehouseRef', undefined);
          form.setValue('country', event.target.value, { shouldValidate: isSubmitted });
        }}
      />
      <Form.Control.Feedback type="invalid">{field(errors.country?.message)}</Form.Control.Feedback>
    </Form.Group>
  );

  const cityError = errors.city || errors.settlementRef ? t.checkout.chooseCityFromList : undefined;
  return (
    <Row className="justify-content-center">
      <Col md={10} lg={8} xl={7}>
        <PageTitle title={t.checkout.shippingTitle} />
        <CheckoutSteps current={2} />
        <h1 className="mb-4">{t.checkout.shippingTitle}</h1>
        {notice && <Message variant="warning">{notice}</Message>}
        <Form noValidate onSubmit={onSubmit}>
          <CityCombobox
            chosen={city}
            initialText={saved?.city ?? ''}
            onChoose={chooseCity}
            onTypedCity={useTypedCity}
            error={typedCity === null ? cityError : field(errors.city?.message)}
          />

          {city ? (
            <BranchPicker
              key={city.ref}
              city={city}
              weightKg={weightKg}
              chosen={branch}
              onChoose={(next) => {
                setNotice(null);
                chooseBranch(next);
              }}
              error={field(errors.country?.message)}
              fallback={manualBranch}
            />
          ) : typedCity !== null ? (
            manualBranch
          ) : (
            <p className="text-body-secondary mb-3">
              {t.checkout.branch}: {t.checkout.chooseCityFirst.toLowerCase()}
            </p>
          )}

          <Form.Group className="mb-3" controlId="shipping-recipient">
            <Form.Label>{t.checkout.recipient}</Form.Label>
            <Form.Control type="text" autoComplete="name" isInvalid={!!errors.address} {...form.register('address')} />
            <Form.Control.Feedback type="invalid">{field(errors.address?.message)}</Form.Control.Feedback>
          </Form.Group>

          <Form.Group className="mb-4" controlId="shipping-phone">
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
            <Form.Group className="mb-4" controlId="shipping-guest-email">
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
              <Form.Text id="shipping-guest-email-hint">
                {t.checkout.guestEmailHint} <Link to={paths.login(paths.shipping)}>{t.checkout.guestSignIn}</Link>
              </Form.Text>
              <Form.Control.Feedback type="invalid">{field(guestEmailError)}</Form.Control.Feedback>
            </Form.Group>
          )}

          <Button type="submit" variant="primary">
            {t.checkout.continue}
          </Button>
        </Form>
      </Col>
    </Row>
  );
}
