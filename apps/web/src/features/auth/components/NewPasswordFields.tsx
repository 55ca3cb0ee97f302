import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/TextInput';
import { translateMessage } from '../../../lib/messages';

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/** The docs/product.md §5 new password and its confirmation, as the invitation and reset pages ask for it. */
export function NewPasswordFields({
  values,
  errors,
  onChange,
}: {
  values: NewPasswordValues;
  errors: Partial<Record<keyof NewPasswordValues, string>>;
  onChange: (values: NewPasswordValues) => void;
}) {
  const { t } = useTranslation();
  const change = (field: keyof NewPasswordValues) => (event: ChangeEvent<HTMLInputElement>) => onChange({ ...values, [field]: event.target.value });
  return (
    <>
      <TextInput
        label={t('login.newPassword')}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={change('password')}
        error={Boolean(errors.password)}
        helperText={errors.password ? translateMessage(t, errors.password) : t('login.newPasswordHelp')}
      />
      <TextInput
        label={t('login.confirmPassword')}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={values.confirm}
        onChange={change('confirm')}
        error={Boolean(errors.confirm)}
        helperText={errors.confirm ? translateMessage(t, errors.confirm) : undefined}
      />
    </>
  );
}

/** The first problem with a new password and its confirmation, or none. */
export async function newPasswordErrors(values: NewPasswordValues): Promise<Partial<Record<keyof NewPasswordValues, string>>> {
  const [{ newPasswordField }, { passwordsMismatch }] = await Promise.all([import('@carbonledger/contracts'), import('../login-form')]);
  const parsed = newPasswordField.safeParse(values.password);
  const errors: Partial<Record<keyof NewPasswordValues, string>> = {};
  if (!parsed.success) errors.password = parsed.error.issues[0]?.message;
  if (values.confirm !== values.password) errors.confirm = passwordsMismatch;
  return errors;
}
