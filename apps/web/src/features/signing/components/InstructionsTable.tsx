import type { DecodedInstruction } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { shortAddress } from '../../../lib/chain-format';
import type { DecodedInstructionView } from '../decode-transaction';

function AccountsList({ accounts }: { accounts: { address: string; signer: boolean; writable: boolean }[] }) {
  const { t } = useTranslation();
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {accounts.map((account, index) => (
        <li key={`${account.address}-${index}`}>
          <code title={account.address}>{shortAddress(account.address)}</code>
          {account.signer && <Chip size="small" label={t('signing.decoded.signer')} sx={{ ml: 0.5, height: 18 }} />}
          {account.writable && <Chip size="small" variant="outlined" label={t('signing.decoded.writable')} sx={{ ml: 0.5, height: 18 }} />}
        </li>
      ))}
    </Box>
  );
}

/** The instructions of the transaction: decoded in the browser, named by the server when it prepared them. */
export function InstructionsTable({ local, server }: { local: DecodedInstructionView[]; server?: DecodedInstruction[] }) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={t('signing.decoded.instructions')}>
      <TableHead>
        <TableRow>
          <TableCell>#</TableCell>
          <TableCell>{t('signing.decoded.program')}</TableCell>
          <TableCell>{t('signing.decoded.instruction')}</TableCell>
          <TableCell>{t('signing.decoded.accounts')}</TableCell>
          <TableCell align="right">{t('signing.decoded.dataLength')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {local.map((instruction, index) => {
          const named = server?.[index]?.programAddress === instruction.programAddress ? server[index] : undefined;
          return (
            <TableRow key={index}>
              <TableCell>{index + 1}</TableCell>
              <TableCell>
                {named?.program ?? instruction.program ?? t('signing.decoded.unknownProgram')}
                <Typography
                  variant="caption"
                  component="code"
                  color="text.secondary"
                  sx={{ display: 'block', whiteSpace: 'nowrap' }}
                  title={instruction.programAddress}
                >
                  {shortAddress(instruction.programAddress)}
                </Typography>
              </TableCell>
              <TableCell>
                {named?.name ?? '—'}
                {named &&
                  Object.entries(named.details).map(([key, value]) => (
                    <Typography key={key} variant="caption" color="text.secondary" sx={{ display: 'block', wordBreak: 'break-all' }}>
                      {key}: {value}
                    </Typography>
                  ))}
              </TableCell>
              <TableCell>
                <AccountsList accounts={instruction.accounts} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t('signing.decoded.bytes', { count: instruction.dataLength })}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
