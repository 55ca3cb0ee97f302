import type { InvoiceSummary, Language } from '@carbonledger/contracts';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { InvoiceStatusChip } from './InvoiceStatusChip';

export type RowAction = 'edit' | 'issue' | 'pay' | 'cancel' | 'delete' | 'pdf';

/** What can be done to an invoice in its status (docs/product.md §4: paid and cancelled are final). */
export function actionsFor(invoice: InvoiceSummary, manage: boolean): RowAction[] {
  const unpaid = invoice.paidAmount === '0.00';
  const actions: RowAction[] = [];
  if (manage) {
    if (invoice.status === 'draft') actions.push('edit', 'issue', 'delete', 'cancel');
    if (invoice.status === 'pending' || invoice.status === 'overdue') {
      actions.push('pay');
      if (unpaid) actions.push('edit', 'cancel');
    }
  }
  actions.push('pdf');
  return actions;
}

export function InvoicesTable({
  items,
  language,
  manage,
  selected,
  onSelect,
  onAction,
}: {
  items: InvoiceSummary[];
  language: Language;
  manage: boolean;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], checked: boolean) => void;
  onAction: (invoice: InvoiceSummary, action: RowAction) => void;
}) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; invoice: InvoiceSummary } | null>(null);
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const someSelected = items.some((item) => selected.has(item.id));

  return (
    <TableContainer>
      <Table size="small" aria-label={t('invoices.table.label')}>
        <TableHead>
          <TableRow>
            {manage && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={(event) =>
                    onSelect(
                      items.map((item) => item.id),
                      event.target.checked,
                    )
                  }
                  slotProps={{ input: { 'aria-label': t('invoices.table.selectAll') } }}
                />
              </TableCell>
            )}
            <TableCell>{t('invoices.table.number')}</TableCell>
            <TableCell>{t('invoices.table.company')}</TableCell>
            <TableCell>{t('invoices.table.title')}</TableCell>
            <TableCell>{t('invoices.table.status')}</TableCell>
            <TableCell align="right">{t('invoices.table.total')}</TableCell>
            <TableCell align="right">{t('invoices.table.balance')}</TableCell>
            <TableCell>{t('invoices.table.issueDate')}</TableCell>
            <TableCell>{t('invoices.table.dueDate')}</TableCell>
            <TableCell align="right">{t('invoices.table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((invoice) => (
            <TableRow key={invoice.id} hover selected={selected.has(invoice.id)}>
              {manage && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.has(invoice.id)}
                    onChange={(event) => onSelect([invoice.id], event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('invoices.table.select', { number: invoice.number }) } }}
                  />
                </TableCell>
              )}
              <TableCell>{invoice.number}</TableCell>
              <TableCell>{invoice.companyName}</TableCell>
              <TableCell>{invoice.title}</TableCell>
              <TableCell>
                <InvoiceStatusChip status={invoice.status} />
              </TableCell>
              <TableCell align="right">{formatMoney(invoice.totalAmount, invoice.currency, language)}</TableCell>
              <TableCell align="right">{formatMoney(invoice.balanceDue, invoice.currency, language)}</TableCell>
              <TableCell>{invoice.issueDate}</TableCell>
              <TableCell>{invoice.dueDate}</TableCell>
              <TableCell align="right">
                <IconButton
                  aria-label={t('invoices.table.actionsFor', { number: invoice.number })}
                  onClick={(event) => setMenu({ anchor: event.currentTarget, invoice })}
                >
                  <MoreVertOutlined />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        {menu &&
          actionsFor(menu.invoice, manage).map((action) => (
            <MenuItem
              key={action}
              onClick={() => {
                onAction(menu.invoice, action);
                setMenu(null);
              }}
            >
              {t(`invoices.actions.${action}`)}
            </MenuItem>
          ))}
      </Menu>
    </TableContainer>
  );
}
