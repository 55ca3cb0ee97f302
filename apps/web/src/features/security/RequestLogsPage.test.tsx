// @vitest-environment happy-dom
import type { RequestLog } from '@carbonledger/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderScreen, setUpScreenTests, signInAs, stubApi } from '../../test/screen';
import RequestLogsPage from './RequestLogsPage';

setUpScreenTests();

describe('RequestLogsPage', () => {
  it('says who made each request by name, not by an id prefix', async () => {
    signInAs('ADMIN');
    const userId = '5b0c2f7e-3c1d-4a8e-9f10-2a3b4c5d6e7f';
    const log: RequestLog = {
      id: '1',
      timestamp: '2026-11-24T10:00:00.000Z',
      method: 'GET',
      path: '/api/v1/wallets',
      statusCode: 200,
      responseTimeMs: 12.5,
      userId,
      userName: 'Camila Rocha',
      ip: '203.0.113.7',
      userAgent: 'Chrome',
      errorMessage: null,
    };
    stubApi(() => ok([log]));
    renderScreen(<RequestLogsPage name="Request Logs" />);
    expect(await screen.findByText('Camila Rocha')).toBeTruthy();
    expect(screen.queryByText(userId.slice(0, 8))).toBeNull();
  });
});
