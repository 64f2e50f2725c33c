import { zodResolver } from '@hookform/resolvers/zod';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { notify } from '../../components/notify';
import { AdminUserUpdateSchema, type UserInfo } from '../../../shared/users';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { accountTexts } from '../../i18n/feature-texts/account';
import { paths } from '../../../shared/routes';
import { useUpdateUser, useUser } from './users-api';
import { FormContainer } from '../../components/form-container';
import { TextField } from '../../components/text-field';
import { SubmitButton } from '../../components/submit-button';

/** /admin/user/{id}/edit (docs/screens.md): name, e-mail and the admin flag of a customer. */
export default function UserEditPage() {
  const t = useT(accountTexts);
  const { id = '' } = useParams();
  const { data: user, isPending, error } = useUser(id);

  return (
    <>
      <PageTitle title={t.account.userEditTitle} />
      <Link to={paths.admin.users} className="btn btn-light mb-3">
        {t.account.backToUsers}
      </Link>
      <FormContainer>
        <h1 className="mb-3">{t.account.userEditTitle}</h1>
        {isPending ? <Loader /> : error ? <ErrorMessage error={error} /> : <UserForm key={user.id} user={user} />}
      </FormContainer>
    </>
  );
}

function UserForm({ user }: { user: UserInfo }) {
  const t = useT(accountTexts);
  const navigate = useNavigate();
  const update = useUpdateUser(user.id);
  const form = useForm({
    resolver: zodResolver(AdminUserUpdateSchema),
    defaultValues: { name: user.name, email: user.email, isAdmin: user.isAdmin },
  });
  const { errors } = form.formState;
  // Admins are not edited here (docs/domain.md): the server refuses it anyway; say so instead of offering a form that fails.
  const locked = user.isAdmin;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        notify.success(t.account.userUpdated);
        navigate(paths.admin.users);
      },
      onError: (err) => notify.failure(err),
    }),
  );

  return (
    <Form noValidate onSubmit={onSubmit}>
      {locked && <Message variant="warning">{t.account.adminProtected}</Message>}
      <TextField id="user-name" label={t.account.name} autoComplete="off" disabled={locked} error={errors.name?.message} {...form.register('name')} />
      <TextField
        id="user-email"
        label={t.account.email}
        type="email"
        autoComplete="off"
        disabled={locked}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Form.Group className="mb-3" controlId="user-is-admin">
        <Form.Check type="checkbox" label={t.account.isAdmin} disabled={locked} {...form.register('isAdmin')} />
      </Form.Group>
      <SubmitButton pending={update.isPending} disabled={locked}>
        {t.account.save}
      </SubmitButton>
    </Form>
  );
}
