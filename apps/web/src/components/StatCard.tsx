import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

export function StatCard({ label, value }: { label: string; value: string | number | undefined }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        {/* Two cards share a phone's row: a figure such as "$12,345.00 · €980.00" must fit half of it. */}
        <Typography variant="h4" component="p" sx={{ typography: { xs: 'h6', sm: 'h4' }, overflowWrap: 'anywhere' }}>
          {value ?? <Skeleton width={60} />}
        </Typography>
      </CardContent>
    </Card>
  );
}
