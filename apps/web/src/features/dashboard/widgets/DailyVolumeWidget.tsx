import { SERVER_EVENTS } from '@carbonledger/contracts';
import { BarChart } from '@mui/x-charts/BarChart';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useRealtimeInvalidate } from '../../../lib/realtime';
import { dashboardWidgetKeys, useDailyVolume } from '../api/dashboard-widgets';
import { WidgetState } from '../components/WidgetState';

const dayLabel = (date: string, language: string) =>
  new Intl.DateTimeFormat(language, { day: '2-digit', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** Completed mints and retirements per day from the ledger (the company's, or the tenant's for administrators). */
export function DailyVolumeWidget() {
  const { t } = useTranslation();
  const volume = useDailyVolume();
  useRealtimeInvalidate([SERVER_EVENTS.mintingJobUpdate, SERVER_EVENTS.retirementUpdate], dashboardWidgetKeys.dailyVolume);
  const language = currentLanguage();
  const days = volume.data?.days ?? [];
  const quiet = days.every((day) => day.mints === 0 && day.retirements === 0);
  const totals = days.reduce((sum, day) => ({ mints: sum.mints + day.mints, retirements: sum.retirements + day.retirements }), { mints: 0, retirements: 0 });
  return (
    <WidgetState loading={volume.isPending} error={volume.error} empty={quiet} emptyText={t('dashboard.volume.empty', { days: days.length })}>
      <Typography variant="body2" color="text.secondary">
        {t('dashboard.volume.summary', {
          days: days.length,
          mints: formatNumber(totals.mints, language),
          retirements: formatNumber(totals.retirements, language),
        })}
      </Typography>
      <BarChart
        height={220}
        skipAnimation
        xAxis={[{ data: days.map((day) => dayLabel(day.date, language)), scaleType: 'band', tickLabelStyle: { fontSize: 10 } }]}
        yAxis={[{ width: 48 }]}
        series={[
          // Whole tokens as exact decimals from the API; the chart only needs their height.
          { data: days.map((day) => Number(day.minted)), label: t('dashboard.volume.minted') },
          { data: days.map((day) => Number(day.retired)), label: t('dashboard.volume.retired') },
        ]}
      />
    </WidgetState>
  );
}
