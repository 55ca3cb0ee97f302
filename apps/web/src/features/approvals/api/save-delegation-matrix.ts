import { delegationMatrixEntrySchema, type ApprovalOperationType, type ApproverRole, type DelegationMatrixEntry } from '@carbonledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { approvalKeys } from './approvals';

export interface MatrixLevelInput {
  limitTco2e: string;
  approverRole: ApproverRole;
  timeoutHours: number;
}

/** Saves an operation type's levels as the matrix's next version. */
export function saveDelegationMatrix({
  operationType,
  levels,
}: {
  operationType: ApprovalOperationType;
  levels: MatrixLevelInput[];
}): Promise<DelegationMatrixEntry> {
  return api.put(`/approvals/matrix/${operationType}`, { levels }, delegationMatrixEntrySchema);
}

export function useSaveDelegationMatrix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDelegationMatrix,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.matrix() }),
  });
}
