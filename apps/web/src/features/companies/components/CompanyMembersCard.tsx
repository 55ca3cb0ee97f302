import type { CompanyMember } from '@carbonledger/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

const STATUS_COLOURS = { active: 'success', pending_verification: 'info', inactive: 'default', suspended: 'error' } as const;

/** The company's users: name, e-mail, role, status and last sign-in. */
export function CompanyMembersCard({ members }: { members: CompanyMember[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('companies.detail.members', { count: members.length })}
        </Typography>
        {members.length === 0 ? (
          <Typography color="text.secondary">{t('companies.detail.noMembers')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('companies.detail.memberName')}</TableCell>
                  <TableCell>{t('companies.detail.memberEmail')}</TableCell>
                  <TableCell>{t('companies.detail.memberRole')}</TableCell>
                  <TableCell>{t('companies.detail.memberStatus')}</TableCell>
                  <TableCell>{t('companies.detail.memberLastLogin')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {members.map((member) => (
                  <TableRow key={member.id}>
                    <TableCell>
                      {member.firstName} {member.lastName}
                    </TableCell>
                    <TableCell>{member.email}</TableCell>
                    <TableCell>{t(`roles.${member.role}`)}</TableCell>
                    <TableCell>
                      <Chip size="small" color={STATUS_COLOURS[member.status]} label={t(`teamUsers.status.${member.status}`)} />
                    </TableCell>
                    <TableCell>{member.lastLogin ? formatDateTime(member.lastLogin, language) : t('companies.detail.never')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
