import type { ComplianceProfile } from '@carbonledger/contracts';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS = { uploaded: 'info', accepted: 'success', rejected: 'error' } as const;

/** The documents of the company's KYC case with their review status (the files themselves stay on /kyc and the reviews). */
export function DocumentsTable({ documents }: { documents: ComplianceProfile['documents'] }) {
  const { t, i18n } = useTranslation();
  if (documents.length === 0) return <Typography color="text.secondary">{t('compliance.noDocuments')}</Typography>;
  return (
    <Table size="small" aria-label={t('compliance.documents')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('compliance.columns.type')}</TableCell>
          <TableCell>{t('compliance.columns.category')}</TableCell>
          <TableCell>{t('compliance.columns.status')}</TableCell>
          <TableCell>{t('compliance.columns.uploaded')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {documents.map((document) => (
          <TableRow key={document.id}>
            <TableCell>{t(`compliance.documentTypes.${document.documentType}`, { defaultValue: document.documentType })}</TableCell>
            <TableCell>{t(`compliance.categories.${document.category}`, { defaultValue: document.category })}</TableCell>
            <TableCell>
              <Chip size="small" color={STATUS_COLOURS[document.status]} label={t(`compliance.documentStatus.${document.status}`)} />
            </TableCell>
            <TableCell>{new Date(document.uploadedAt).toLocaleDateString(i18n.language)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
