// @vitest-environment happy-dom
import { DEFAULT_PERMISSIONS, PERMISSIONS, ROLES, type CustomRole, type RolesOverview } from '@carbonledger/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, refused, renderScreen, setUpScreenTests, signInAs, stubApi, type ApiRequest } from '../../test/screen';
import { useAuthStore } from '../../lib/auth-store';
import TeamRolesPage from './TeamRolesPage';

setUpScreenTests();

const companyId = '5b0c2f7e-3c1d-4a8e-9f10-2a3b4c5d6e7f';
const overview = (customRoles: CustomRole[] = [], manage = true): RolesOverview => ({
  fixedRoles: ROLES.map((role) => ({ role, permissions: [...DEFAULT_PERMISSIONS[role]] })),
  customRoles,
  canManage: manage,
  heldPermissions: manage ? [...DEFAULT_PERMISSIONS.COMPANY_ADMIN] : [],
  baseRoles: manage ? ['COMPANY_ADMIN', 'FINANCE', 'OPERATOR', 'VIEWER'] : [],
});
const desk: CustomRole = {
  id: '7d0c2f7e-3c1d-4a8e-9f10-2a3b4c5d6e7f',
  companyId,
  companyName: 'Verde Energia',
  name: 'Retirement desk',
  description: 'Retires, never mints',
  baseRole: 'OPERATOR',
  permissions: DEFAULT_PERMISSIONS.OPERATOR.filter((permission) => permission !== 'tokens:mint'),
  memberCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('TeamRolesPage', () => {
  it('shows the fixed roles as a read-only matrix and says when there are no custom roles yet', async () => {
    signInAs('ADMIN');
    stubApi(({ path }) => (path === '/roles' ? ok(overview([], false)) : ok([])));
    renderScreen(<TeamRolesPage name="Roles & Permissions" />);
    const matrix = await screen.findByRole('table', { name: 'Permissions of the fixed roles' });
    expect(within(matrix).getAllByRole('columnheader')).toHaveLength(ROLES.length + 1);
    expect(within(matrix).getByText('Retire credits')).toBeTruthy();
    expect(within(matrix).getAllByRole('row')).toHaveLength(PERMISSIONS.length + 4);
    expect(screen.getByText('No custom roles yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New custom role' })).toBeNull();
  });

  it('lists custom roles and tells a refused change by its reason', async () => {
    signInAs('COMPANY_ADMIN');
    useAuthStore.setState({ company: { id: companyId, name: 'Verde Energia', isPlatform: false, kycStatus: 'approved' } });
    const requests: ApiRequest[] = [];
    stubApi((request) => {
      requests.push(request);
      if (request.method === 'POST') {
        const error = { code: 'ACCESS_DENIED', reason: 'ROLES__PERMISSION_NOT_HELD' };
        return new Response(JSON.stringify({ success: false, data: null, message: 'Access denied.', error }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        });
      }
      return ok(overview([desk]));
    });
    renderScreen(<TeamRolesPage name="Roles & Permissions" />);
    const table = await screen.findByRole('table', { name: 'Custom roles' });
    expect(within(table).getByText('Retirement desk')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New custom role' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Auditors' } });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Decide on wallets').disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You cannot grant a permission your own role does not hold.');
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({ name: 'Auditors', baseRole: 'COMPANY_ADMIN' });
  });

  it('offers a retry when the roles cannot be read', async () => {
    signInAs('ADMIN');
    stubApi(() => refused(503, 'SERVICE_UNAVAILABLE', 'The system is currently under maintenance. Please try again later.'));
    renderScreen(<TeamRolesPage name="Roles & Permissions" />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
