/**
 * Helpers of the runs that start the product as separate processes (bench/chaos.ts,
 * scripts/scale-test.ts): free ports and a fresh PostgreSQL database per run.
 */
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { APP_ROLE, openDatabase, SYSTEM_ROLE } from '../apps/api/src/db/database';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A fresh database on the server (named `<prefix>_…`), migrated by its owner, and a login role
 * for the running product that may not disable the audit trail's triggers (DATABASE_APP_URL,
 * docs/audit.md): the run then exercises the product as production should run it.
 */
export async function freshDatabase(serverUrl: string, prefix: string): Promise<{ ownerUrl: string; appUrl: string }> {
  const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
  const name = `${prefix}_${suffix}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const ownerUrl = new URL(serverUrl);
  ownerUrl.pathname = `/${name}`;
  // Migrating creates the product's roles (cluster-wide) the login role joins.
  await (await openDatabase({ kind: 'postgres', url: ownerUrl.toString() })).close();
  const role = `${prefix}_runtime_${suffix}`;
  const password = randomUUID();
  await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB PASSWORD '${password}' IN ROLE ${APP_ROLE}, ${SYSTEM_ROLE}`);
  await admin.end();
  const appUrl = new URL(ownerUrl);
  appUrl.username = role;
  appUrl.password = password;
  return { ownerUrl: ownerUrl.toString(), appUrl: appUrl.toString() };
}

/** Drops what freshDatabase created, once nothing uses it any more (a passed run leaves nothing behind). */
export async function dropFreshDatabase(serverUrl: string, created: { ownerUrl: string; appUrl: string }): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(created.ownerUrl).pathname.slice(1)} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${new URL(created.appUrl).username}`);
  } finally {
    await admin.end();
  }
}
