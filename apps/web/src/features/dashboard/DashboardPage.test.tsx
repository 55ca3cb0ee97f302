// @vitest-environment happy-dom
import { defaultDashboardLayout, type ActivityEntry, type DashboardLayout, type DashboardSummary } from '@carbonledger/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../lib/auth-store';
import { ok, renderScreen, setUpScreenTests, signInAs, stubApi } from '../../test/screen';
import DashboardPage from './DashboardPage';
import type { DashboardWidgetDefinition } from './widget-definition';
import { ActivityLogWidget } from './widgets/ActivityLogWidget';
import { WelcomeWidget } from './widgets/WelcomeWidget';

setUpScreenTests();
afterEach(() => i18n.changeLanguage('en'));

const entry = (action: string, actor: string | null = 'Camila Rocha', params: ActivityEntry['params'] = {}): ActivityEntry => ({
  id: crypto.randomUUID(),
  action,
  actor,
  resourceType: action.split('.')[0]!,
  resourceId: null,
  params,
  timestamp: '2026-11-24T10:00:00.000Z',
});

function signIn() {
  signInAs('COMPANY_ADMIN');
  useAuthStore.setState({ company: { id: crypto.randomUUID(), name: 'Verde Energia S.A.', isPlatform: false, kycStatus: 'approved' } });
}

function showActivity(recentActivity: ActivityEntry[]) {
  signIn();
  const summary: DashboardSummary = { pendingActions: [], recentActivity };
  stubApi(() => ok(summary));
  renderScreen(<ActivityLogWidget />);
}

describe('dashboard widgets', () => {
  it('tell the activity as the activity log does: who did what, with the details it recorded, never raw action keys', async () => {
    showActivity([
      entry('retirement.created', 'Camila Rocha', { amount: '5' }),
      entry('invoice.payment_recorded', 'Camila Rocha', { number: 'INV-000007', amount: '120.00', currency: 'USD' }),
      entry('something.new_in_a_later_version'),
    ]);
    expect(await screen.findByText('Camila Rocha requested the retirement of 5 tCO2e')).toBeTruthy();
    expect(screen.getByText(/^Camila Rocha recorded a payment .*INV-000007/)).toBeTruthy();
    expect(screen.getByText('Camila Rocha: something new in a later version (something)')).toBeTruthy();
    expect(screen.queryByText(/retirement\.created|payment_recorded/)).toBeNull();
  });

  it("tell the activity in the user's language", async () => {
    await i18n.changeLanguage('pt');
    showActivity([entry('retirement.created', 'Camila Rocha', { amount: '5' })]);
    expect(await screen.findByText('Camila Rocha pediu a aposentadoria de 5 tCO2e')).toBeTruthy();
  });

  it('end a sentence after a company name that ends with a period with one period', async () => {
    signIn();
    renderScreen(<WelcomeWidget />);
    await waitFor(() => expect(screen.getByText('Here is what needs your attention at Verde Energia S.A.')).toBeTruthy());
    expect(screen.queryByText(/S\.A\.\./)).toBeNull();
  });
});

function Broken(): never {
  throw new Error('widget bug');
}

describe('DashboardPage', () => {
  const widgets: DashboardWidgetDefinition[] = [
    { id: 'welcome', titleKey: 'dashboard.widgets.welcome', size: { w: 8, h: 2 }, framed: true, render: () => <p>Hello widget</p> },
    { id: 'alerts', titleKey: 'dashboard.widgets.alerts', size: { w: 4, h: 4 }, framed: true, render: () => <Broken /> },
    { id: 'activity-log', titleKey: 'dashboard.activityLog', size: { w: 6, h: 5 }, framed: true, render: () => <p>Activity widget</p> },
  ];

  it('keeps the page up when one widget fails, and saves a removal and an addition from the catalogue', async () => {
    signIn();
    const layout: DashboardLayout = {
      items: [
        { widget: 'welcome', x: 0, y: 0, w: 8, h: 2 },
        { widget: 'alerts', x: 8, y: 0, w: 4, h: 4 },
      ],
      saved: true,
      updatedAt: null,
    };
    const saved: Array<{ items: Array<{ widget: string }> }> = [];
    stubApi(({ method, body }) => {
      if (method !== 'PUT') return ok(layout);
      saved.push(body as (typeof saved)[number]);
      return ok({ ...(body as object), saved: true, updatedAt: null });
    });
    renderScreen(<DashboardPage widgets={widgets} />);
    expect(await screen.findByText('Hello widget')).toBeTruthy();
    expect(screen.getByText('Alerts could not be shown.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Options for Alerts' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove from dashboard' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.items.map((item) => item.widget)).toEqual(['welcome']);

    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }));
    fireEvent.click(await screen.findByRole('button', { name: /Activity log/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.items.at(-1)).toEqual({ widget: 'activity-log', x: 0, y: 2, w: 6, h: 5 });
  });

  it('offers reset to default only once the user has changed the layout', async () => {
    signIn();
    stubApi(() => ok({ items: defaultDashboardLayout('COMPANY_ADMIN'), saved: false, updatedAt: null }));
    renderScreen(<DashboardPage widgets={widgets} />);
    expect(await screen.findByRole('button', { name: 'Reset to default' })).toHaveProperty('disabled', true);
  });
});
