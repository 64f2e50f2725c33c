import { zodResolver } from '@hookform/resolvers/zod';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PasswordResetRequestSchema } from '../../../shared/users';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { accountTexts } from '../../i18n/feature-texts/account';
import { paths } from '../../../shared/routes';
import { useRequestPasswordReset } from './api';
import { FormContainer } from '../../components/form-container';
import { EmailField } from './components/account-fields';
import { SubmitButton } from '../../components/submit-button';

/** /forgot-password: asks for the e-mail and says the same thing whether or not it has an account. */
export default function ForgotPasswordPage() {
  const t = useT(accountTexts);
  const request = useRequestPasswordReset();
  const form = useForm({ resolver: zodResolver(PasswordResetRequestSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => request.mutate(values));

  return (
    <FormContainer>
      <PageTitle title={t.account.forgotTitle} />
      <h1 className="mb-3">{t.account.forgotTitle}</h1>
      {request.isSuccess ? (
        <Message variant="success">{t.account.resetLinkSent}</Message>
      ) : (
        <>
          <p>{t.account.forgotIntro}</p>
          <Form noValidate onSubmit={onSubmit}>
            <EmailField id="forgot-email" error={errors.email?.message} {...form.register('email')} />
            {request.isError && <ErrorMessage error={request.error} />}
            <SubmitButton pending={request.isPending}>{t.account.sendResetLink}</SubmitButton>
          </Form>
        </>
      )}
      <p className="mt-3">
        <Link to={paths.login()}>{t.account.signInLink}</Link>
      </p>
    </FormContainer>
  );
}
