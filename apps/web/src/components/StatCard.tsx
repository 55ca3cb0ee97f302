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
        <Typography variant="h4" component="p">
          {value ?? <Skeleton width={60} />}
        </Typography>
      </CardContent>
    </Card>
  );
}
