import type { Vcu } from '@carbonledger/contracts';

/** An available VCU block of the company, as GET /vcus answers it. */
export function vcu(id: string, projectId: string, projectName: string, vintage: string, amount: string): Vcu {
  return {
    id,
    serialNumber: `16044-${id}-VCS-VCU-262-VER-US-1-${projectId}-01012023-31122023-0`,
    registry: 'sandbox',
    projectId,
    projectName,
    vintage,
    vintageStart: `${vintage}-01-01`,
    vintageEnd: `${vintage}-12-31`,
    amount,
    status: 'available',
    verification: { status: 'verified', verifier: 'SCS Global Services', issuanceDate: '2024-03-01', registryReference: 'SBX-LCK-1' },
    mintAddress: null,
    createdAt: '2026-11-22T05:00:00.000Z',
  };
}
