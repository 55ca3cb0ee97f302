import { mintPreviewSchema, type MintPreview, type MintPreviewRequest } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** POST /minting/preview: the checks and the fees read from the chain; the server keeps the preview for execution. */
export type PreviewInput = Omit<MintPreviewRequest, 'quantity'> & { quantity: bigint };

export function previewMint(body: PreviewInput): Promise<MintPreview> {
  // The quantity travels as a decimal string: tCO2e can exceed what a JSON number holds exactly.
  return api.post('/minting/preview', { ...body, quantity: String(body.quantity) }, mintPreviewSchema);
}

export function useMintPreview() {
  return useMutation({ mutationFn: previewMint, retry: false });
}
