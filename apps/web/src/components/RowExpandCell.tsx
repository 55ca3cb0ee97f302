import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';

/** The first cell of a table row that opens a detail row beneath it. */
export function RowExpandCell({ expanded, label, onToggle }: { expanded: boolean; label: string; onToggle: () => void }) {
  return (
    <TableCell padding="checkbox">
      <IconButton size="small" aria-expanded={expanded} aria-label={label} onClick={onToggle}>
        {expanded ? <ExpandLess /> : <ExpandMore />}
      </IconButton>
    </TableCell>
  );
}
