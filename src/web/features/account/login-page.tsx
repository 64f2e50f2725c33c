import { zodResolver } from '@hookform/resolvers/zod';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { notify } from '../../components/notify';
import { LoginSchema } from '../../../shared/users';
import { mayVisit, safeRedirect } from '../../components/guards';
import { Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { accountTexts } from '../../i18n/feature-texts/account';
import { paths } from '../../../shared/routes';
import { useAuth } from '../../stores/auth';
import { useLogin } from './api';
import { FormContainer } from '../../components/form-container';
import { TextField } from '../../components/text-field';
import { EmailField } from './components/account-fields';
import { SubmitButton } from '../../components/submit-button';

/** /login?redirect=… (docs/screens.md): signed-in users go straight to the redirect target. */
export default function LoginPage() {
  const t = useT(accountTexts);
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const userInfo = useAuth((s) => s.userInfo);
  const signIn = useLogin();
  const form = useForm({ resolver: zodResolver(LoginSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  // A customer sent here from an admin screen stays, to sign in as an admin.
  // An admin signing in without a destination lands on the dashboard (docs/back-office.md).
  if (userInfo?.isAdmin && !params.get('redirect')) return <Navigate to={paths.admin.dashboard} replace />;
  if (mayVisit(redirect, userInfo)) return <Navigate to={redirect} replace />;

  const onSubmit = form.handleSubmit((values) => signIn.mutate(values, { onError: (error) => notify.failure(error) }));

  return (
    <FormContainer>
      <PageTitle title={t.account.signInTitle} />
      <h1 className="mb-4">{t.account.signInTitle}</h1>
      {userInfo && <Message variant="warning">{t.account.adminOnlyNotice}</Message>}
      <Form noValidate onSubmit={onSubmit}>
        <EmailField id="login-email" error={errors.email?.message} {...form.register('email')} />
        <TextField
          id="login-password"
          label={t.account.password}
          type="password"
          autoComplete="current-password"
          placeholder={t.account.passwordPlaceholder}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <SubmitButton pending={signIn.isPending}>{t.account.signIn}</SubmitButton>
      </Form>
      <p className="mt-3 mb-1">
        <Link to={paths.forgotPassword}>{t.account.forgotPassword}</Link>
      </p>
      <p>
        {t.account.newCustomer} <Link to={paths.register(redirect)}>{t.account.registerLink}</Link>
      </p>
      {redirect === paths.shipping && (
        <p>
          <Link to={paths.shipping} className="btn btn-outline-primary">
            {t.account.checkoutAsGuest}
          </Link>
        </p>
      )}
    </FormContainer>
  );
}
