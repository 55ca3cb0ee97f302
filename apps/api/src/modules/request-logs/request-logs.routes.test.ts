import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLogSchema } from '@carbonledger/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs, type SignedIn } from '../auth/auth.testing';

let harness: TestApp;
let admin: SignedIn;
let viewer: SignedIn;

beforeAll(async () => {
  harness = await createTestApp();
  admin = await signInAs(harness.app, 'admin@demo.test');
  viewer = await signInAs(harness.app, 'viewer@demo.test');
});
afterAll(() => harness.close());

describe('GET /security/request-logs', () => {
  it('names the user of each request by name, not only by id', async () => {
    await harness.app.inject({ url: '/api/v1/auth/wallet/list', headers: viewer.headers });
    await harness.app.requestLogs.flush();

    const logs = requestLogSchema.array().parse((await harness.app.inject({ url: '/api/v1/security/request-logs', headers: admin.headers })).json().data);
    const byViewer = logs.find((log) => log.userId === viewer.result.user.id && log.path === '/api/v1/auth/wallet/list');
    expect(byViewer?.userName).toBe(`${viewer.result.user.firstName} ${viewer.result.user.lastName}`);
  });
});
