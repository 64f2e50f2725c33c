import { zodResolver } from '@hookform/resolvers/zod';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { notify } from '../../components/notify';
import { RegisterFormSchema } from '../../../shared/users';
import { mayVisit, safeRedirect } from '../../components/guards';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { accountTexts } from '../../i18n/feature-texts/account';
import { legalTexts } from '../../i18n/feature-texts/legal';
import { paths } from '../../../shared/routes';
import { useAuth } from '../../stores/auth';
import { useRegister } from './api';
import { FormContainer } from '../../components/form-container';
import { TextField } from '../../components/text-field';
import { NameField, EmailField } from './components/account-fields';
import { SubmitButton } from '../../components/submit-button';

/** /register?redirect=… (docs/screens.md, docs/domain.md): the passwords must match before the server is asked. */
export default function RegisterPage() {
  const t = useT(accountTexts, legalTexts);
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const userInfo = useAuth((s) => s.userInfo);
  const signUp = useRegister();
  const form = useForm({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  if (mayVisit(redirect, userInfo)) return <Navigate to={redirect} replace />;

  const onSubmit = form.handleSubmit(({ confirmPassword, ...values }) => {
    if (values.password !== confirmPassword) {
      notify.error(t.account.passwordsDoNotMatch);
      return;
    }
    signUp.mutate(values, { onError: (error) => notify.failure(error) });
  });

  return (
    <FormContainer>
      <PageTitle title={t.account.registerTitle} />
      <h1 className="mb-4">{t.account.registerTitle}</h1>
      <Form noValidate onSubmit={onSubmit}>
        <NameField id="register-name" error={errors.name?.message} {...form.register('name')} />
        <EmailField id="register-email" error={errors.email?.message} {...form.register('email')} />
        <TextField
          id="register-password"
          label={t.account.password}
          type="password"
          autoComplete="new-password"
          placeholder={t.account.passwordPlaceholder}
          hint={t.account.passwordHint}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          id="register-confirm"
          label={t.account.confirmPassword}
          type="password"
          autoComplete="new-password"
          placeholder={t.account.confirmPasswordPlaceholder}
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <p className="small text-body-secondary">
          {t.legal.registerPrivacy}
          <Link to={paths.legal('privacy')} target="_blank" rel="noopener">
            {t.legal.privacyLink}
          </Link>
          .
        </p>
        <SubmitButton pending={signUp.isPending}>{t.account.register}</SubmitButton>
      </Form>
      <p className="mt-3">
        {t.account.haveAccount} <Link to={paths.login(redirect)}>{t.account.signInLink}</Link>
      </p>
    </FormContainer>
  );
}
