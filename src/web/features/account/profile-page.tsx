import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { notify } from '../../components/notify';
import { ProfileFormSchema } from '../../../shared/users';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { accountTexts } from '../../i18n/feature-texts/account';
import { useAuth } from '../../stores/auth';
import { MyOrders } from '../orders';
import { MyRecipes } from '../recipes';
import { useProfile, useUpdateProfile } from './api';
import { TextField } from '../../components/text-field';
import { NameField, EmailField } from './components/account-fields';
import { SubmitButton } from '../../components/submit-button';

/** /profile (docs/screens.md, docs/domain.md): the user's own details beside their orders. */
export default function ProfilePage() {
  const t = useT(accountTexts);
  return (
    <Row className="g-4">
      <PageTitle title={t.account.profileTitle} />
      <Col md={4} lg={4}>
        <h1 className="h2 mb-3">{t.account.profileTitle}</h1>
        <ProfileForm />
      </Col>
      <Col md={8} lg={8}>
        <MyRecipes />
        <MyOrders />
      </Col>
    </Row>
  );
}

function ProfileForm() {
  const t = useT(accountTexts);
  const stored = useAuth((s) => s.userInfo);
  // The stored copy fills the form at once; the server's copy replaces it if it differs.
  const { data: fresh } = useProfile();
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: { name: stored?.name ?? '', email: stored?.email ?? '', phone: stored?.phone ?? '', currentPassword: '', password: '', confirmPassword: '' },
  });
  const { errors, isDirty } = form.formState;

  useEffect(() => {
    if (fresh && !isDirty)
      form.reset({ name: fresh.name, email: fresh.email, phone: fresh.phone ?? '', currentPassword: '', password: '', confirmPassword: '' });
  }, [fresh, isDirty, form]);

  const onSubmit = form.handleSubmit(({ confirmPassword, ...values }) => {
    if ((values.password ?? '') !== (confirmPassword ?? '')) {
      notify.error(t.account.passwordsDoNotMatch);
      return;
    }
    // The server refuses these changes without the current password; say so before asking it.
    const emailChanges = values.email.trim().toLowerCase() !== (fresh ?? stored)?.email;
    if ((emailChanges || values.password) && !values.currentPassword) {
      form.setError('currentPassword', { message: t.account.currentPasswordRequired }, { shouldFocus: true });
      return;
    }
    update.mutate(values, {
      onSuccess: (user) => {
        notify.success(t.account.profileUpdated);
        form.reset({ name: user.name, email: user.email, phone: user.phone ?? '', currentPassword: '', password: '', confirmPassword: '' });
      },
      onError: (error) => notify.failure(error),
    });
  });

  return (
    <Form noValidate onSubmit={onSubmit}>
      <NameField id="profile-name" error={errors.name?.message} {...form.register('name')} />
      <EmailField id="profile-email" error={errors.email?.message} {...form.register('email')} />
      <TextField
        id="profile-phone"
        label={t.account.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={t.account.phoneHint}
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <TextField
        id="profile-current-password"
        label={t.account.currentPassword}
        type="password"
        autoComplete="current-password"
        hint={t.account.currentPasswordHint}
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        id="profile-password"
        label={t.account.newPassword}
        type="password"
        autoComplete="new-password"
        placeholder={t.account.passwordPlaceholder}
        hint={t.account.newPasswordHint}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        id="profile-confirm"
        label={t.account.confirmNewPassword}
        type="password"
        autoComplete="new-password"
        placeholder={t.account.confirmPasswordPlaceholder}
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <SubmitButton pending={update.isPending}>{t.account.update}</SubmitButton>
    </Form>
  );
}
