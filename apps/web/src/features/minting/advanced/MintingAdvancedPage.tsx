import { hasPermission, mintingTexts, registryTexts, type CarbonProject, type MintPreview } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HelpLink } from '../../../components/HelpLink';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoader } from '../../../components/PageLoader';
import { useAuthStore } from '../../../lib/auth-store';
import { useBrowserWallet } from '../../../lib/use-browser-wallet';
import { useExecuteMint } from './api/execute-mint';
import { useWizardProject } from './api/project';
import { ConfigureTokenStep } from './components/ConfigureTokenStep';
import { ExecuteStep, type ExecutionState } from './components/ExecuteStep';
import { PreviewStep } from './components/PreviewStep';
import { SelectProjectStep } from './components/SelectProjectStep';
import { WizardWalletCard } from './components/WizardWalletCard';
import { mintFailureText, translateMintMessage } from './mint-messages';
import { WIZARD_STEPS, createIdempotencyKeys, executeBlocker, firstStep, preselectedProjectId, type TokenFormInput, type WizardStep } from './wizard-logic';

/** /minting/advanced: docs/product.md §2 Advanced mint wizard — select project, configure token, preview and fees, execute. */
export default function MintingAdvancedPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [preselected] = useState(() => preselectedProjectId(params));
  const canMint = useAuthStore((state) => hasPermission(state.session?.permissions ?? [], 'tokens:mint'));
  const browserWallet = useBrowserWallet();
  const [step, setStep] = useState<WizardStep>(() => firstStep(preselected));
  const [chosen, setChosen] = useState<CarbonProject | null>(null);
  const preselectedProject = useWizardProject(chosen ? null : preselected);
  const [draft, setDraft] = useState<TokenFormInput | null>(null);
  const [preview, setPreview] = useState<MintPreview | null>(null);
  const [reviewed, setReviewed] = useState(false);
  const [execution, setExecution] = useState<ExecutionState | null>(null);
  const [keys] = useState(() => createIdempotencyKeys());
  const execute = useExecuteMint();

  const project = chosen ?? preselectedProject.data ?? null;
  // A ?projectId= that names no project falls back to the list, saying why.
  const preselectFailed = !chosen && preselectedProject.isError;
  const shownStep: WizardStep = step === 'configure' && !project && preselectFailed ? 'selectProject' : step;
  const blocker = executeBlocker({ walletConnected: Boolean(browserWallet.connected), preview, reviewed });

  const choose = (next: CarbonProject) => {
    if (next.id === project?.id) return;
    setChosen(next);
    setDraft(null);
    setPreview(null);
  };

  const run = () => {
    if (!preview || blocker) return;
    const previewId = preview.previewId;
    setStep('execute');
    setExecution({ kind: 'processing' });
    execute.mutate(
      { previewId, idempotencyKey: keys.keyFor(previewId) },
      {
        onSuccess: (result) => setExecution({ kind: 'done', result }),
        onError: (error) => {
          keys.failed(previewId, error);
          setExecution({ kind: 'failed', message: mintFailureText(t, error, mintingTexts.mintingFailed) });
        },
      },
    );
  };

  const backToToken = () => {
    setPreview(null);
    setReviewed(false);
    setExecution(null);
    setStep('configure');
  };

  const startOver = () => {
    setDraft(null);
    backToToken();
    setStep('selectProject');
  };

  if (!canMint) {
    return (
      <Box>
        <PageHeader title={name} subtitle={t('mintWizard.subtitle')} />
        <Alert severity="info">{t('mintWizard.cannotMint')}</Alert>
      </Box>
    );
  }

  return (
    <Box>
      <PageHeader title={name} subtitle={t('mintWizard.subtitle')} actions={<HelpLink topic="minting" />} />
      <Stepper activeStep={WIZARD_STEPS.indexOf(shownStep)} alternativeLabel sx={{ mb: 3 }}>
        {WIZARD_STEPS.map((stepName) => (
          <Step key={stepName}>
            <StepLabel>{t(`mintWizard.steps.${stepName}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Card variant="outlined">
        <CardContent>
          {preselectFailed && shownStep === 'selectProject' && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translateMintMessage(t, registryTexts.projectNotFound)}
            </Alert>
          )}
          {shownStep === 'selectProject' && <SelectProjectStep selected={project} onSelect={choose} onNext={() => setStep('configure')} />}
          {shownStep === 'configure' &&
            (project ? (
              <ConfigureTokenStep
                key={project.id}
                project={project}
                draft={draft}
                connectedAddress={browserWallet.connected?.account.address ?? null}
                onBack={() => setStep('selectProject')}
                onPreviewed={(result, values) => {
                  setDraft(values);
                  setPreview(result);
                  setReviewed(false);
                  setStep('preview');
                }}
              />
            ) : (
              <PageLoader name={t('mintWizard.steps.configure')} />
            ))}
          {shownStep === 'preview' && preview && (
            <PreviewStep
              preview={preview}
              reviewed={reviewed}
              onReviewedChange={setReviewed}
              blocker={blocker}
              walletCard={<WizardWalletCard browserWallet={browserWallet} />}
              onBack={backToToken}
              onExecute={run}
            />
          )}
          {shownStep === 'execute' && execution && <ExecuteStep state={execution} onRetry={run} onBackToToken={backToToken} onMintAnother={startOver} />}
        </CardContent>
      </Card>
    </Box>
  );
}
