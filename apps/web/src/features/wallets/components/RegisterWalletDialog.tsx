import { createManagedWalletRequest, walletTexts } from '@carbonledger/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextInput } from '../../../components/TextInput';
import { LOCAL_DEV_WALLET_NAME } from '../../../lib/local-dev-wallet/local-dev-wallet';
import { signText, walletTypeOf } from '../../../lib/wallet-standard';
import { useCreateManagedWallet } from '../api/create-managed-wallet';
import { useRegisterExternalWallet } from '../api/register-external-wallet';
import { useWalletChallenge } from '../api/wallet-challenge';
import type { BrowserWallet } from '../../../lib/use-browser-wallet';
import { failureText, translateWalletMessage } from '../../../lib/wallet-messages';

const registrationForm = z.object({
  kind: z.enum(['external', 'platform_managed']),
  name: createManagedWalletRequest.shape.name,
});
type RegistrationForm = z.infer<typeof registrationForm>;

const INFORMATIONAL: readonly string[] = [walletTexts.alreadyPending, walletTexts.alreadyApproved];

export function RegisterWalletDialog({
  open,
  onClose,
  browserWallet,
  onConnect,
}: {
  open: boolean;
  onClose: () => void;
  browserWallet: BrowserWallet;
  onConnect: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const challenge = useWalletChallenge();
  const registerExternal = useRegisterExternalWallet();
  const createManaged = useCreateManagedWallet();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RegistrationForm>({ resolver: zodResolver(registrationForm), defaultValues: { kind: 'external', name: '' } });
  const kind = useWatch({ control, name: 'kind' });
  const connected = browserWallet.connected;

  const close = () => {
    setFailure(null);
    reset();
    onClose();
  };

  const registerConnected = async (name: string | undefined) => {
    if (!connected) throw new Error(walletTexts.notConnected);
    const { wallet, account } = connected;
    const { message } = await challenge.mutateAsync(account.address);
    const signature = await signText(wallet, account, message);
    return registerExternal.mutateAsync({
      address: account.address,
      name,
      provider: wallet.name === LOCAL_DEV_WALLET_NAME ? 'local-dev' : walletTypeOf(wallet.name),
      message,
      signature,
    });
  };

  const onSubmit = handleSubmit(async ({ kind: chosen, name }) => {
    setFailure(null);
    if (chosen === 'external' && !connected) {
      setFailure(translateWalletMessage(t, walletTexts.notConnected));
      return;
    }
    setBusy(true);
    try {
      const trimmed = name?.trim() || undefined;
      if (chosen === 'external') {
        const outcome = await registerConnected(trimmed);
        const informational = INFORMATIONAL.includes(outcome.message);
        enqueueSnackbar(translateWalletMessage(t, informational ? outcome.message : walletTexts.registered), { variant: informational ? 'info' : 'success' });
      } else {
        await createManaged.mutateAsync({ name: trimmed });
        enqueueSnackbar(translateWalletMessage(t, walletTexts.registered), { variant: 'success' });
      }
      close();
    } catch (error) {
      setFailure(failureText(t, error, walletTexts.registerFailed));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="register-wallet-title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="register-wallet-title">{t('wallets.register.title')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <Controller
            control={control}
            name="kind"
            render={({ field }) => (
              <RadioGroup {...field} aria-label={t('wallets.register.kind')}>
                <FormControlLabel value="external" control={<Radio />} label={t('wallets.register.external')} />
                <FormControlLabel value="platform_managed" control={<Radio />} label={t('wallets.register.managed')} />
              </RadioGroup>
            )}
          />
          {kind === 'external' ? (
            connected ? (
              <Alert severity="info">{t('wallets.register.externalHint', { wallet: connected.wallet.name, address: connected.account.address })}</Alert>
            ) : (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" onClick={onConnect}>
                    {t('wallets.browser.connect')}
                  </Button>
                }
              >
                {translateWalletMessage(t, walletTexts.notConnected)}
              </Alert>
            )
          ) : (
            <Typography color="text.secondary">{t('wallets.register.managedHint')}</Typography>
          )}
          <TextInput
            label={t('wallets.register.name')}
            error={Boolean(errors.name)}
            helperText={errors.name ? t('wallets.register.nameTooLong') : t('wallets.register.nameHint')}
            {...register('name')}
          />
          <Alert severity="info" variant="outlined">
            {t('wallets.approvalNotice')}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('wallets.register.registering') : kind === 'external' ? t('wallets.register.signAndRegister') : t('wallets.register.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
