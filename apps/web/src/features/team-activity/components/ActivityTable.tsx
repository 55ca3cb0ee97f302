import { describeActivity, type ActivityList, type Language } from '@carbonledger/contracts';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

/** Who did what, when and from where: one sentence per entry in the reader's language. */
export function ActivityTable({ list, language }: { list: ActivityList; language: Language }) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('teamActivity.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('teamActivity.columns.when')}</TableCell>
            <TableCell>{t('teamActivity.columns.who')}</TableCell>
            <TableCell>{t('teamActivity.columns.what')}</TableCell>
            <TableCell>{t('teamActivity.columns.where')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.items.map((entry) => {
            const where = [entry.ip, entry.location, entry.device].filter(Boolean).join(' · ');
            return (
              <TableRow key={entry.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, language)}</TableCell>
                <TableCell>
                  {entry.actor ? (
                    <>
                      <Typography variant="body2">{entry.actor.name}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {entry.actor.email}
                      </Typography>
                    </>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {t('teamActivity.platform')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{describeActivity(entry, language)}</TableCell>
                <TableCell>
                  <Typography variant="body2" color={where ? 'text.primary' : 'text.secondary'}>
                    {where || t('teamActivity.unknownOrigin')}
                  </Typography>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
