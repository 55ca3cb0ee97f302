import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const QUEUE = 'jobs-test-role';

async function stateAfterAWhile(harness: TestApp): Promise<string | undefined> {
  await harness.app.jobs.createQueue(QUEUE);
  await harness.app.jobs.work(QUEUE, { pollingIntervalSeconds: 0.5 }, async () => undefined);
  const id = await harness.app.jobs.send(QUEUE, { n: 1 });
  await new Promise((resolve) => setTimeout(resolve, 2500));
  return (await harness.app.jobs.getJobById(QUEUE, id!))?.state;
}

describe.each([
  ['all', 'completed'],
  ['api', 'created'],
])('job workers with ROLE=%s', (role, expected) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({ env: { ROLE: role } });
  });
  afterAll(() => harness.close());

  it(`leave a sent job ${expected}`, async () => {
    expect(await stateAfterAWhile(harness)).toBe(expected);
  });
});

describe('a job still running when the shutdown drain ends', () => {
  it('finishes on the closed database without an unhandled rejection', async () => {
    const harness = await createTestApp();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let markStarted!: () => void;
      let release!: () => void;
      const started = new Promise<void>((resolve) => (markStarted = resolve));
      await harness.app.jobs.createQueue(QUEUE);
      await harness.app.jobs.work(QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
        markStarted();
        await new Promise<void>((finish) => (release = finish));
      });
      await harness.app.jobs.send(QUEUE, { slow: true });
      await started;
      await harness.close();
      release();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
