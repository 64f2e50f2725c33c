import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ShippingAddressSchema, type ShippingAddress, type ShippingAddressInput } from '../../../shared/orders';
import { Loader } from '../../components/loader';
import { ErrorMessage } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { paths } from '../../paths';
import { useCart } from '../../stores/cart';
import { useBranches } from './api';
import { CheckoutSteps } from './components/checkout-steps';

/** /shipping (SPEC.md §2): city, its Nova Poshta branches, recipient and phone. */
export default function ShippingPage() {
  const t = useT();
  const navigate = useNavigate();
  const saved = useCart((s) => s.shippingAddress);
  const saveShippingAddress = useCart((s) => s.saveShippingAddress);
  const form = useForm<ShippingAddressInput, unknown, ShippingAddress>({
    resolver: zodResolver(ShippingAddressSchema),
    defaultValues: saved ?? { address: '', city: '', phoneNumber: '+380', country: '', postalCode: '' },
  });
  const { errors } = form.formState;

  // The branches of the saved city load at once (SPEC.md §7: also on load of the screen).
  const [searchedCity, setSearchedCity] = useState(saved?.city.trim() ?? '');
  const branches = useBranches(searchedCity);

  const findBranches = async () => {
    if (!(await form.trigger('city'))) return;
    setSearchedCity(form.getValues('city').trim());
  };
  const findOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void findBranches();
    }
  };

  // A branch of another city must not stay chosen.
  const list = branches.data?.branches;
  useEffect(() => {
    if (!list) return;
    const chosen = form.getValues('country');
    if (chosen && !list.some((b) => b.description === chosen)) form.setValue('country', '');
  }, [list, form]);

  const onSubmit = form.handleSubmit((address) => {
    saveShippingAddress(address);
    navigate(paths.payment);
  });

  return (
    <Row className="justify-content-center">
      <Col md={10} lg={8} xl={6}>
        <PageTitle title={t.checkout.shippingTitle} />
        <CheckoutSteps current={2} />
        <h1 className="mb-4">{t.checkout.shippingTitle}</h1>
        <Form noValidate onSubmit={onSubmit}>
          <Form.Group className="mb-3" controlId="shipping-city">
            <Form.Label>{t.checkout.city}</Form.Label>
            <InputGroup hasValidation>
              <Form.Control
                type="text"
                autoComplete="address-level2"
                placeholder={t.checkout.cityPlaceholder}
                isInvalid={!!errors.city}
                aria-describedby={errors.city ? 'shipping-city-error' : undefined}
                onKeyDown={findOnEnter}
                {...form.register('city')}
              />
              <Button variant="primary" onClick={() => void findBranches()}>
                {t.checkout.findBranches}
              </Button>
              <Form.Control.Feedback type="invalid" id="shipping-city-error">
                {errors.city?.message}
              </Form.Control.Feedback>
            </InputGroup>
          </Form.Group>

          <BranchField
            city={searchedCity}
            branches={branches}
            error={errors.country?.message}
            register={form.register('country')}
          />

          <Form.Group className="mb-3" controlId="shipping-recipient">
            <Form.Label>{t.checkout.recipient}</Form.Label>
            <Form.Control type="text" autoComplete="name" isInvalid={!!errors.address} {...form.register('address')} />
            <Form.Control.Feedback type="invalid">{errors.address?.message}</Form.Control.Feedback>
          </Form.Group>

          <Form.Group className="mb-4" controlId="shipping-phone">
            <Form.Label>{t.checkout.phone}</Form.Label>
            <Form.Control
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+380XXXXXXXXX"
              aria-describedby="shipping-phone-hint"
              isInvalid={!!errors.phoneNumber}
              {...form.register('phoneNumber')}
            />
            <Form.Text id="shipping-phone-hint">{t.checkout.phoneHint}</Form.Text>
            <Form.Control.Feedback type="invalid">{errors.phoneNumber?.message}</Form.Control.Feedback>
          </Form.Group>

          <Button type="submit" variant="primary">
            {t.checkout.continue}
          </Button>
        </Form>
      </Col>
    </Row>
  );
}

function BranchField({
  city,
  branches,
  error,
  register,
}: {
  city: string;
  branches: ReturnType<typeof useBranches>;
  error: string | undefined;
  register: UseFormRegisterReturn<'country'>;
}) {
  const t = useT();
  const feedback = <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>;

  // Nova Poshta failed: the shopper can still type the branch by hand.
  if (branches.isError) {
    return (
      <div className="mb-3">
        <ErrorMessage error={branches.error} />
        <Form.Group controlId="shipping-branch-manual">
          <Form.Label>{t.checkout.branchByHand}</Form.Label>
          <Form.Control type="text" placeholder={t.checkout.branchByHandPlaceholder} isInvalid={!!error} {...register} />
          {feedback}
        </Form.Group>
      </div>
    );
  }

  const list = branches.data?.branches ?? [];
  const loading = city !== '' && branches.isFetching;
  const empty = city !== '' && branches.isSuccess && list.length === 0;
  return (
    <Form.Group className="mb-3" controlId="shipping-branch">
      <div className="d-flex align-items-center gap-2">
        <Form.Label>{t.checkout.branch}</Form.Label>
        {loading && <Loader small />}
      </div>
      <Form.Select isInvalid={!!error} disabled={!branches.isSuccess || empty} {...register}>
        <option value="">
          {city === '' ? t.checkout.searchBranchesFirst : loading ? t.checkout.loadingBranches : empty ? t.checkout.noBranches : t.checkout.chooseBranch}
        </option>
        {list.map((branch) => (
          <option key={branch.ref} value={branch.description}>
            {branch.description}
          </option>
        ))}
      </Form.Select>
      {feedback}
      {empty && (
        <Form.Text className="d-block" role="status">
          {t.checkout.noBranches}
        </Form.Text>
      )}
      {branches.data?.demo && <Form.Text className="d-block">{t.checkout.demoBranches}</Form.Text>}
    </Form.Group>
  );
}
