import type { MintingJob } from '@carbonledger/contracts';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMintWallets } from '../../../../lib/mint-wallets';
import { useAvailableVcus } from '../api/available-vcus';
import { useCreateMintingBatch } from '../api/create-minting-batch';
import { ALL, selectionSignature, summariseBatch, type VcuFilters } from '../batch-selection';
import { ExecuteBatchStep } from './ExecuteBatchStep';
import { ReviewBatchStep } from './ReviewBatchStep';
import { SelectVcusStep } from './SelectVcusStep';

const STEPS = ['select', 'review', 'execute'] as const;

/** docs/product.md §2/§4 Batch VCU minting: select, review, execute. */
export function BatchMinting({ jobs }: { jobs: readonly MintingJob[] | undefined }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [filters, setFilters] = useState<VcuFilters>({ projectId: ALL, vintage: ALL });
  const [chosenWallet, setChosenWallet] = useState('');
  const [startedJobId, setStartedJobId] = useState<string | null>(null);
  /** The Idempotency-Key of the reviewed selection: a resend of the same batch reuses it, a changed one gets a new key. */
  const reviewedKey = useRef<{ signature: string; key: string } | null>(null);
  const vcus = useAvailableVcus();
  const wallets = useMintWallets();
  const create = useCreateMintingBatch();

  const selectedVcus = (vcus.data ?? []).filter((vcu) => vcu.id !== null && selected.has(vcu.id));
  const summary = summariseBatch(selectedVcus);
  const operational = wallets.data ?? [];
  const walletId = chosenWallet || (operational.find((wallet) => wallet.primary) ?? operational[0])?.id || '';
  const wallet = operational.find((candidate) => candidate.id === walletId);
  const startedJob = jobs?.find((job) => job.id === startedJobId) ?? (create.data?.id === startedJobId ? create.data : null) ?? null;

  const select = (ids: readonly string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const execute = () => {
    const blockIds = selectedVcus.map((vcu) => vcu.id).filter((id): id is string => id !== null);
    const signature = selectionSignature(blockIds, walletId);
    if (reviewedKey.current?.signature !== signature) reviewedKey.current = { signature, key: crypto.randomUUID() };
    create.mutate({ request: { vcuBlockIds: blockIds, walletId }, idempotencyKey: reviewedKey.current.key }, { onSuccess: (job) => setStartedJobId(job.id) });
  };

  const newBatch = () => {
    reviewedKey.current = null;
    create.reset();
    setStartedJobId(null);
    setSelected(new Set());
    setStep(0);
  };

  return (
    <>
      <Stepper activeStep={step} sx={{ mb: 3 }} alternativeLabel>
        {STEPS.map((name) => (
          <Step key={name}>
            <StepLabel>{t(`batchMinting.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 && (
        <SelectVcusStep
          vcus={vcus.data}
          loading={vcus.isPending}
          failed={vcus.isError}
          selected={selected}
          onSelect={select}
          filters={filters}
          onFilters={setFilters}
          onNext={() => setStep(1)}
        />
      )}
      {step === 1 && (
        <ReviewBatchStep
          summary={summary}
          wallets={wallets.data}
          walletsFailed={wallets.isError}
          walletId={walletId}
          onWallet={setChosenWallet}
          onBack={() => setStep(0)}
          onNext={() => {
            create.reset();
            setStep(2);
          }}
        />
      )}
      {step === 2 && (
        <ExecuteBatchStep
          summary={summary}
          wallet={wallet}
          executing={create.isPending}
          error={create.error}
          job={startedJob}
          onExecute={execute}
          onBack={() => setStep(1)}
          onNewBatch={newBatch}
        />
      )}
    </>
  );
}
