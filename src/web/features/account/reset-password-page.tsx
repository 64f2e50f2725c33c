import { zodResolver } from '@hookform/resolvers/zod';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../components/notify';
import { PasswordResetFormSchema } from '../../../shared/users';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { accountTexts } from '../../i18n/feature-texts/account';
import { paths } from '../../../shared/routes';
import { useAuth } from '../../stores/auth';
import { useConfirmPasswordReset } from './api';
import { FormContainer } from '../../components/form-container';
import { TextField } from '../../components/text-field';
import { SubmitButton } from '../../components/submit-button';

/** /reset-password?token=…: the link from the letter. Every session ends; the shopper signs in again. */
export default function ResetPasswordPage() {
  const t = useT(accountTexts);
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const signOut = useAuth((s) => s.signOut);
  const form = useForm({ resolver: zodResolver(PasswordResetFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password, confirmPassword }) => {
    if (password !== confirmPassword) {
      notify.error(t.account.passwordsDoNotMatch);
      return;
    }
    confirm.mutate(
      { token, password },
      {
        onSuccess: () => {
          // The server ended every session, this browser's too.
          signOut();
          notify.success(t.account.passwordChanged);
          navigate(paths.login());
        },
      },
    );
  });

  return (
    <FormContainer>
      <PageTitle title={t.account.resetTitle} />
      <h1 className="mb-3">{t.account.resetTitle}</h1>
      {!/^[A-Za-z0-9_-]{43}$/.test(token) ? (
        <Message variant="warning">{t.account.resetLinkBroken}</Message>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          <TextField
            id="reset-password"
            label={t.account.newPassword}
            type="password"
            autoComplete="new-password"
            hint={t.account.passwordHint}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <TextField
            id="reset-confirm"
            label={t.account.confirmPassword}
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          {confirm.isError && <ErrorMessage error={confirm.error} />}
          <SubmitButton pending={confirm.isPending}>{t.account.setPassword}</SubmitButton>
        </Form>
      )}
      <p className="mt-3">
        <Link to={paths.forgotPassword}>{t.account.requestNewLink}</Link>
      </p>
    </FormContainer>
  );
}
