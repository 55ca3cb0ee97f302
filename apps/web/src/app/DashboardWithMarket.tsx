import Box from '@mui/material/Box';
import DashboardPage from '../features/dashboard/DashboardPage';
import { MarketSection } from '../features/market/MarketSection';
import { useDashboardWidgets } from './dashboard-widgets';

/**
 * /dashboard: the personalisable dashboard with the market-intelligence section below it
 * (docs/product.md §2). Features do not import each other, so they are put together here.
 */
export default function DashboardWithMarket() {
  const widgets = useDashboardWidgets();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <DashboardPage widgets={widgets} />
      <MarketSection />
    </Box>
  );
}
