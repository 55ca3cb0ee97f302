// @vitest-environment happy-dom
import type { ActivityEntry, DashboardSummary } from '@carbonledger/contracts';
import { screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../lib/auth-store';
import { ok, renderScreen, setUpScreenTests, signInAs, stubApi } from '../../test/screen';
import DashboardPage from './DashboardPage';

setUpScreenTests();
afterEach(() => i18n.changeLanguage('en'));

const entry = (action: string, actor: string | null = 'Camila Rocha'): ActivityEntry => ({
  id: crypto.randomUUID(),
  action,
  actor,
  resourceType: action.split('.')[0]!,
  resourceId: null,
  timestamp: '2026-11-24T10:00:00.000Z',
});

function showDashboard(recentActivity: ActivityEntry[]) {
  signInAs('COMPANY_ADMIN');
  useAuthStore.setState({ company: { id: crypto.randomUUID(), name: 'Verde Energia S.A.', isPlatform: false, kycStatus: 'approved' } });
  const summary: DashboardSummary = { pendingActions: [], recentActivity };
  stubApi(() => ok(summary));
  renderScreen(<DashboardPage />);
}

describe('DashboardPage', () => {
  it('tells the activity as sentences, never as raw action keys', async () => {
    showDashboard([entry('retirement.created'), entry('wallet.approved', null), entry('something.new_in_a_later_version')]);
    expect(await screen.findByText('A retirement was requested.')).toBeTruthy();
    expect(screen.getByText('A wallet was approved.')).toBeTruthy();
    expect(screen.getByText('Other activity was recorded.')).toBeTruthy();
    expect(screen.queryByText(/retirement\.created|wallet\.approved|something\.new/)).toBeNull();
  });

  it("tells the activity in the user's language", async () => {
    await i18n.changeLanguage('pt');
    showDashboard([entry('retirement.created')]);
    expect(await screen.findByText('Uma aposentadoria foi solicitada.')).toBeTruthy();
  });

  it('ends a sentence after a company name that ends with a period with one period', async () => {
    showDashboard([]);
    await waitFor(() => expect(screen.getByText('Here is what needs your attention at Verde Energia S.A.')).toBeTruthy());
    expect(screen.queryByText(/S\.A\.\./)).toBeNull();
  });
});
