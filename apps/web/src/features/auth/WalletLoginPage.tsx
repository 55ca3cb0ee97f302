import { emailField, loginPasswordField, loginTexts, mfaTokenField } from '@carbonledger/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { useSnackbar } from '../../lib/toast';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { TextInput } from '../../components/TextInput';
import { translateMessage } from '../../lib/messages';
import { connectWallet, signText, useSignInWallets } from '../../lib/wallet-standard';

/** Same name as lib/local-dev-wallet's wallet; kept here so the page does not load that module up front. */
const LOCAL_DEV_WALLET_NAME = 'Local dev wallet';
import { useWalletStore } from '../../lib/wallet';
import { useWalletChallenge } from './api/wallet-challenge';
import { useWalletSession } from './api/wallet-session';
import { AuthCard } from './components/AuthCard';
import { isMfaRequired, walletLoginErrorText } from './login-error';

const credentialsForm = z.object({ email: emailField, password: loginPasswordField, mfaToken: z.string() });
/** Once the server has asked for it: a user with MFA on gives the code here too, as at the password sign-in. */
const credentialsWithMfaForm = credentialsForm.extend({ mfaToken: mfaTokenField });
type Credentials = z.infer<typeof credentialsForm>;

interface Signed {
  wallet: Wallet;
  account: WalletAccount;
  message: string;
  signature: string;
}

export default function WalletLoginPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const wallets = useSignInWallets();
  const setConnected = useWalletStore((state) => state.setConnected);
  const challenge = useWalletChallenge();
  const session = useWalletSession({
    onSignedIn: () => {
      if (signed) setConnected({ name: signed.wallet.name, address: signed.account.address });
      enqueueSnackbar(translateMessage(t, loginTexts.signedIn), { variant: 'success' });
    },
  });
  const [busyWallet, setBusyWallet] = useState<string | null>(null);
  const [signed, setSigned] = useState<Signed | null>(null);
  const [failure, setFailure] = useState<{ text: string; mfa: boolean } | null>(null);
  const [mfaRequired, setMfaRequired] = useState(false);
  const [devWalletPossible, setDevWalletPossible] = useState(false);

  // The browser's own key (lib/local-dev-wallet) lets anyone try wallet sign-in without an extension.
  useEffect(() => {
    void import('../../lib/local-dev-wallet/local-dev-wallet').then(({ supportsEd25519 }) => supportsEd25519().then(setDevWalletPossible));
  }, []);
  const enableLocalDevWallet = async () => {
    const { registerLocalDevWallet } = await import('../../lib/local-dev-wallet/local-dev-wallet');
    await registerLocalDevWallet();
  };
  const {
    register,
    handleSubmit,
    formState: { errors },
    setValue,
  } = useForm<Credentials>({
    resolver: zodResolver(mfaRequired ? credentialsWithMfaForm : credentialsForm),
    defaultValues: { email: '', password: '', mfaToken: '' },
  });
  // The MFA step belonged to the account as typed: another e-mail or password may have no MFA.
  const credentialsChanged = () => {
    setMfaRequired(false);
    setValue('mfaToken', '');
    setFailure(null);
  };

  const signWith = async (wallet: Wallet) => {
    setFailure(null);
    setBusyWallet(wallet.name);
    try {
      const account = await connectWallet(wallet);
      const { message } = await challenge.mutateAsync(account.address);
      const signature = await signText(wallet, account, message);
      setSigned({ wallet, account, message, signature });
    } catch (error) {
      setFailure({ text: error instanceof Error && error.name === 'ApiError' ? error.message : t('walletLogin.signFailed'), mfa: false });
    } finally {
      setBusyWallet(null);
    }
  };

  // The server keeps the signed message usable until the credentials are proven, so the code goes with the same signature.
  const onSubmit = handleSubmit(({ mfaToken, ...credentials }) => {
    if (!signed) return;
    setFailure(null);
    session.mutate(
      { ...credentials, ...(mfaRequired ? { mfaToken } : {}), walletAddress: signed.account.address, signature: signed.signature, message: signed.message },
      {
        onError: (error) => {
          if (isMfaRequired(error)) setMfaRequired(true);
          setFailure({ text: walletLoginErrorText(error), mfa: isMfaRequired(error) });
        },
      },
    );
  });

  const fieldError = (message: string | undefined) => (message ? translateMessage(t, message) : undefined);

  return (
    <AuthCard title={t('walletLogin.title')}>
      <Stepper activeStep={signed ? 1 : 0} sx={{ mb: 3 }}>
        <Step>
          <StepLabel>{t('walletLogin.stepSign')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('walletLogin.stepCredentials')}</StepLabel>
        </Step>
      </Stepper>
      {failure && (
        <Alert severity={failure.mfa ? 'info' : 'error'} role="alert" sx={{ mb: 2 }}>
          {translateMessage(t, failure.text)}
        </Alert>
      )}
      {!signed ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Typography color="text.secondary">{t('walletLogin.intro')}</Typography>
          {wallets.length === 0 && <Alert severity="info">{t('walletLogin.noWallet')}</Alert>}
          {devWalletPossible && !wallets.some((wallet) => wallet.name === LOCAL_DEV_WALLET_NAME) && (
            <Button variant="text" onClick={() => void enableLocalDevWallet()}>
              {t('walletLogin.useLocalDevWallet')}
            </Button>
          )}
          {wallets.map((wallet) => (
            <Button
              key={wallet.name}
              variant="outlined"
              size="large"
              disabled={busyWallet !== null}
              onClick={() => void signWith(wallet)}
              startIcon={wallet.icon ? <Box component="img" src={wallet.icon} alt="" sx={{ width: 24, height: 24 }} /> : <AccountBalanceWalletOutlined />}
            >
              {busyWallet === wallet.name ? t('walletLogin.signing', { wallet: wallet.name }) : t('walletLogin.signWith', { wallet: wallet.name })}
            </Button>
          ))}
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert severity="success">{t('walletLogin.signed', { wallet: signed.wallet.name, address: signed.account.address.slice(0, 8) })}</Alert>
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            required
            autoFocus
            error={Boolean(errors.email)}
            helperText={fieldError(errors.email?.message)}
            {...register('email', { onChange: credentialsChanged })}
          />
          <TextInput
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            required
            error={Boolean(errors.password)}
            helperText={fieldError(errors.password?.message)}
            {...register('password', { onChange: credentialsChanged })}
          />
          {mfaRequired && (
            <TextInput
              label={t('login.mfaToken')}
              autoComplete="one-time-code"
              required
              autoFocus
              inputProps={{ inputMode: 'numeric', maxLength: 6 }}
              error={Boolean(errors.mfaToken)}
              helperText={fieldError(errors.mfaToken?.message) ?? t('login.mfaHelp')}
              {...register('mfaToken')}
            />
          )}
          <Button type="submit" variant="contained" size="large" disabled={session.isPending}>
            {session.isPending ? t('login.signingIn') : t('login.submit')}
          </Button>
        </Box>
      )}
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Link component={RouterLink} to="/login">
          {t('walletLogin.withPassword')}
        </Link>
      </Box>
    </AuthCard>
  );
}
