import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateKeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  getCreateHolderTokenAccountInstructionAsync,
  getCreateProjectMintInstructions,
  findHolderTokenAccount,
  isEmbeddedChain,
  getMintTokensInstruction,
  projectMintLayout,
  getThawTokenAccountInstruction,
} from '@carbonledger/chain';
import { executeOrThrow, fundedSigner, signedWire } from '@carbonledger/chain/testing';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInAs } from '../auth/auth.testing';
import { JSON_RPC_ERRORS } from './json-rpc.protocol';
import { RPC_AIRDROP_MAX_LAMPORTS } from './json-rpc.service';
import { RPC_CHAIN_CHANGE_RATE_LIMIT } from './rpc.routes';

describe('POST /rpc (JSON-RPC over the embedded chain)', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(() => harness.close());

  const call = async (body: unknown, contentType = 'application/json') => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/rpc',
      headers: { 'content-type': contentType },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : null };
  };
  const rpc = (method: string, params?: unknown, id: number | string = 1) => call({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });

  it('answers health, version, slot and the latest blockhash', async () => {
    expect((await rpc('getHealth')).body).toEqual({ jsonrpc: '2.0', id: 1, result: 'ok' });
    expect((await rpc('getVersion')).body.result['solana-core']).toBeTypeOf('string');
    expect((await rpc('getSlot')).body.result).toBeGreaterThan(0);
    const latest = (await rpc('getLatestBlockhash', [{ commitment: 'processed' }])).body.result;
    expect(latest.value.blockhash).toBe((await harness.app.chain.getLatestBlockhash()).blockhash);
    expect(latest.value.lastValidBlockHeight).toBeGreaterThan(latest.context.slot);
  });

  it('airdrops, reports the balance and the account in base64', async () => {
    const wallet = await generateKeyPairSigner();
    const airdrop = await rpc('requestAirdrop', [wallet.address, 2_000_000_000]);
    expect(airdrop.body.result).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect((await rpc('getBalance', [wallet.address])).body.result.value).toBe(2_000_000_000);
    const account = (await rpc('getAccountInfo', [wallet.address, { encoding: 'base64' }])).body.result.value;
    expect(account).toMatchObject({ lamports: 2_000_000_000, owner: '11111111111111111111111111111111', executable: false, data: ['', 'base64'], space: 0 });
    expect((await rpc('getSignatureStatuses', [[airdrop.body.result]])).body.result.value[0]).toMatchObject({ err: null, status: { Ok: null } });
  });

  it('sends a signed transaction and reports its status; a failing one is refused by preflight with the reason', async () => {
    const payer = await fundedSigner(harness.app.chain);
    const recipient = await generateKeyPairSigner();
    const wire = await signedWire(harness.app.chain, payer, [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1_000_000n })]);
    const sent = await rpc('sendTransaction', [wire, { encoding: 'base64' }]);
    const statuses = await rpc('getSignatureStatuses', [[sent.body.result]]);
    expect(statuses.body.result.value[0]).toMatchObject({ err: null, confirmationStatus: 'confirmed' });

    const tooMuch = await signedWire(harness.app.chain, payer, [
      getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 1_000_000_000_000n }),
    ]);
    const refused = await rpc('sendTransaction', [tooMuch, { encoding: 'base64' }]);
    expect(refused.status).toBe(200);
    expect(refused.body.error).toMatchObject({ code: -32002, data: { err: { InstructionError: [0, { Custom: 1 }] } } });
    const simulated = await rpc('simulateTransaction', [tooMuch, { encoding: 'base64' }]);
    expect(simulated.body.result.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
  });

  it('answers token accounts by owner, rent and fees', async () => {
    const owner = await generateKeyPairSigner();
    const empty = await rpc('getTokenAccountsByOwner', [owner.address, { programId: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' }, { encoding: 'base64' }]);
    expect(empty.body.result.value).toEqual([]);
    const rent = (await rpc('getMinimumBalanceForRentExemption', [165])).body.result;
    expect(BigInt(rent)).toBe(await harness.app.chain.getMinimumBalanceForRentExemption(165));
  });

  it('answers token accounts in jsonParsed form, several accounts at once, and simulates with a fresh blockhash', async () => {
    const chain = harness.app.chain;
    if (!isEmbeddedChain(chain)) throw new Error('the test app runs the embedded chain');
    const payer = await fundedSigner(chain);
    const freeze = await fundedSigner(chain);
    const holder = await generateKeyPairSigner();
    const mint = await generateKeyPairSigner();
    const metadata = { name: 'RPC Project', symbol: 'RPC', uri: 'https://carbonledger.test/rpc.json' };
    const account = await findHolderTokenAccount(holder.address, mint.address);
    await executeOrThrow(chain, payer, [
      ...getCreateProjectMintInstructions({
        payer,
        mint,
        issuer: payer,
        freezeAuthority: freeze.address,
        metadata,
        mintLamports: await chain.getMinimumBalanceForRentExemption(projectMintLayout(metadata).finalSize),
      }),
      await getCreateHolderTokenAccountInstructionAsync({ payer, owner: holder.address, mint: mint.address }),
    ]);
    await executeOrThrow(chain, freeze, [getThawTokenAccountInstruction({ account, mint: mint.address, freezeAuthority: freeze })]);
    await executeOrThrow(chain, payer, [getMintTokensInstruction({ mint: mint.address, destination: account, issuer: payer, amount: 5n, decimals: 0 })]);

    const parsed = (await rpc('getTokenAccountsByOwner', [holder.address, { mint: mint.address }, { encoding: 'jsonParsed' }])).body.result.value;
    expect(parsed).toHaveLength(1);
    expect(parsed[0].pubkey).toBe(account);
    expect(parsed[0].account.data.parsed.info).toMatchObject({
      mint: mint.address,
      owner: holder.address,
      state: 'initialized',
      tokenAmount: { amount: '5', decimals: 0, uiAmountString: '5' },
    });

    const several = (await rpc('getMultipleAccounts', [[mint.address, holder.address], { encoding: 'base64' }])).body.result.value;
    expect(several[0].owner).toBe('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
    expect(several[1]).toBeNull();

    const stale = await signedWire(chain, payer, [getTransferSolInstruction({ source: payer, destination: holder.address, amount: 1_000_000n })]);
    chain.advanceBlocks(151);
    expect((await rpc('simulateTransaction', [stale, { encoding: 'base64' }])).body.result.value.err).toBe('BlockhashNotFound');
    expect((await rpc('simulateTransaction', [stale, { encoding: 'base64', replaceRecentBlockhash: true }])).body.result.value.err).toBeNull();
    expect((await rpc('sendTransaction', [stale, { encoding: 'base64' }])).body.error).toMatchObject({ code: -32002, data: { err: 'BlockhashNotFound' } });
  });

  it('answers bad input with JSON-RPC error objects, never a server error', async () => {
    expect((await call('{not json')).body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect((await call({ jsonrpc: '1.0', id: 3, method: 'getSlot' })).body).toMatchObject({ id: 3, error: { code: -32600 } });
    expect((await call([])).body).toMatchObject({ id: null, error: { code: -32600 } });
    expect((await rpc('eraseEverything', [], 4)).body).toMatchObject({ id: 4, error: { code: -32601 } });
    expect((await rpc('getBalance', ['not-an-address'], 5)).body).toMatchObject({ id: 5, error: { code: -32602 } });
    expect((await rpc('getBalance', { owner: 'x' }, 6)).body).toMatchObject({ id: 6, error: { code: -32602 } });
    expect((await rpc('sendTransaction', ['AAAA', { encoding: 'base64' }], 7)).body).toMatchObject({ id: 7, error: { code: -32602 } });
    expect((await rpc('requestAirdrop', ['11111111111111111111111111111111', -5], 8)).body).toMatchObject({ id: 8, error: { code: -32602 } });
    expect((await call('{"jsonrpc":"2.0","id":9,"method":"getHealth"}', 'text/plain')).body).toEqual({ jsonrpc: '2.0', id: 9, result: 'ok' });
    expect((await rpc('constructor', [], 10)).body).toMatchObject({ id: 10, error: { code: -32601 } });
  });

  it('answers a batch in order and stays silent for notifications', async () => {
    const batch = await call([
      { jsonrpc: '2.0', id: 'a', method: 'getHealth' },
      { jsonrpc: '2.0', method: 'getSlot' },
      { jsonrpc: '2.0', id: 'b', method: 'nope' },
    ]);
    expect(batch.body).toEqual([
      { jsonrpc: '2.0', id: 'a', result: 'ok' },
      { jsonrpc: '2.0', id: 'b', error: { code: -32601, message: 'Method not found: nope' } },
    ]);
    const notification = await call({ jsonrpc: '2.0', method: 'getHealth' });
    expect(notification.status).toBe(204);
  });

  describe('from a browser page of another origin (CORS)', () => {
    const fromPage = (body: unknown, origin = 'https://explorer.solana.com') =>
      harness.app.inject({
        method: 'POST',
        url: '/rpc',
        headers: { 'content-type': 'application/json', origin, host: 'localhost:3000' },
        payload: JSON.stringify(body),
      });

    it('answers the preflight and lets any origin read', async () => {
      const preflight = await harness.app.inject({
        method: 'OPTIONS',
        url: '/rpc',
        headers: {
          origin: 'https://explorer.solana.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,solana-client',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');
      expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/content-type.*solana-client/);
      expect(String(preflight.headers['access-control-allow-headers'])).not.toContain('authorization');
      const read = await fromPage({ jsonrpc: '2.0', id: 1, method: 'getHealth' });
      expect(read.headers['access-control-allow-origin']).toBe('*');
      expect(read.json().result).toBe('ok');
    });

    it('never counts a page of another origin as this host, so it cannot airdrop or send through a local browser', async () => {
      const wallet = await generateKeyPairSigner();
      const refused = await fromPage({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [wallet.address, 1_000_000_000] });
      expect(refused.json().error).toMatchObject({ code: JSON_RPC_ERRORS.notAllowed });
      expect(refused.headers['access-control-allow-origin']).toBe('*');
      // This host's own pages keep the loopback exemption.
      const own = await fromPage({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [wallet.address, 1_000_000_000] }, 'http://localhost:3000');
      expect(own.json().result).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    });
  });

  describe('from another host (the server listens on every interface)', () => {
    let remoteIp = 0;
    /** A client elsewhere: X-Forwarded-For from the harness's trusted loopback proxy; each test its own address. */
    const remote = (body: unknown, headers: Record<string, string> = {}, ip = `203.0.113.${remoteIp}`) =>
      harness.app.inject({
        method: 'POST',
        url: '/rpc',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
        payload: JSON.stringify(body),
      });
    const call = (method: string, params: unknown[], id = 1) => ({ jsonrpc: '2.0', id, method, params });
    const balanceOf = async (owner: string) => (await remote(call('getBalance', [owner]))).json().result.value as number;
    beforeEach(() => {
      remoteIp += 1;
    });

    it('refuses airdrops and transactions without a signed-in session, and still answers reads', async () => {
      const wallet = await generateKeyPairSigner();
      const airdrop = await remote(call('requestAirdrop', [wallet.address, 1_000_000_000_000]));
      expect(airdrop.statusCode).toBe(200);
      expect(airdrop.json().error).toMatchObject({ code: JSON_RPC_ERRORS.notAllowed });
      expect((await remote(call('requestAirdrop', [wallet.address, 1_000_000_000]), { authorization: 'Bearer not-a-token' })).json().error).toMatchObject({
        code: JSON_RPC_ERRORS.notAllowed,
      });
      const inBatch = await remote([call('getHealth', [], 1), call('requestAirdrop', [wallet.address, 1_000_000_000], 2)]);
      expect(inBatch.json()).toEqual([
        { jsonrpc: '2.0', id: 1, result: 'ok' },
        { jsonrpc: '2.0', id: 2, error: expect.objectContaining({ code: JSON_RPC_ERRORS.notAllowed }) },
      ]);
      expect(await balanceOf(wallet.address)).toBe(0);

      const payer = await fundedSigner(harness.app.chain);
      const wire = await signedWire(harness.app.chain, payer, [getTransferSolInstruction({ source: payer, destination: wallet.address, amount: 1_000_000n })]);
      expect((await remote(call('sendTransaction', [wire, { encoding: 'base64' }]))).json().error).toMatchObject({ code: JSON_RPC_ERRORS.notAllowed });
      expect(await balanceOf(wallet.address)).toBe(0);
    });

    it(`lets a signed-in session airdrop at most ${RPC_AIRDROP_MAX_LAMPORTS / 1e9} SOL at a time and send transactions`, async () => {
      const { headers } = await signInAs(harness.app, 'operator@demo.test');
      const bearer = { authorization: headers.authorization! };
      const wallet = await generateKeyPairSigner();
      expect((await remote(call('requestAirdrop', [wallet.address, RPC_AIRDROP_MAX_LAMPORTS + 1]), bearer)).json().error).toMatchObject({
        code: JSON_RPC_ERRORS.invalidParams,
      });
      expect((await remote(call('requestAirdrop', [wallet.address, 2_000_000_000]), bearer)).json().result).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
      const recipient = await generateKeyPairSigner();
      const wire = await signedWire(harness.app.chain, wallet, [
        getTransferSolInstruction({ source: wallet, destination: recipient.address, amount: 1_000_000n }),
      ]);
      expect((await remote(call('sendTransaction', [wire, { encoding: 'base64' }]), bearer)).json().result).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
      expect(await balanceOf(recipient.address)).toBe(1_000_000);
    });

    it(`rate limits airdrops and transactions to ${RPC_CHAIN_CHANGE_RATE_LIMIT.max} a minute per client, reads not`, async () => {
      const { headers } = await signInAs(harness.app, 'operator@demo.test');
      const bearer = { authorization: headers.authorization! };
      const wallet = await generateKeyPairSigner();
      const answers = await Promise.all(
        Array.from({ length: RPC_CHAIN_CHANGE_RATE_LIMIT.max + 5 }, () => remote(call('requestAirdrop', [wallet.address, 1_000_000]), bearer)),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(RPC_CHAIN_CHANGE_RATE_LIMIT.max);
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(5);
      expect(await balanceOf(wallet.address)).toBe(RPC_CHAIN_CHANGE_RATE_LIMIT.max * 1_000_000);
      expect((await remote(call('getHealth', []))).json().result).toBe('ok');
    });
  });
});
