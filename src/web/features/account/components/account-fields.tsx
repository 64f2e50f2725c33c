import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/text-field';
import { useT } from '../../../i18n';
import { accountTexts } from '../../../i18n/feature-texts/account';

type FieldProps = UseFormRegisterReturn & { id: string; error?: string };

/** A customer's name, worded and filled in by the browser the same in every account form. */
export function NameField(props: FieldProps) {
  const t = useT(accountTexts);
  return <TextField label={t.account.name} autoComplete="name" placeholder={t.account.namePlaceholder} {...props} />;
}

/** A customer's e-mail, worded and filled in by the browser the same in every account form. */
export function EmailField(props: FieldProps) {
  const t = useT(accountTexts);
  return <TextField label={t.account.email} type="email" autoComplete="email" placeholder={t.account.emailPlaceholder} {...props} />;
}
