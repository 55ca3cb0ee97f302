// @vitest-environment happy-dom
import { signingTexts } from '@carbonledger/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refused, renderScreen, setUpScreenTests, signInAs, stubApi } from '../../test/screen';
import SignBase64Page from './SignBase64Page';

setUpScreenTests();

describe('SignBase64Page', () => {
  it('says the transaction was not found when the id in the address names none', async () => {
    signInAs('COMPANY_ADMIN');
    stubApi(({ path }) =>
      path.startsWith('/signing/transactions/') ? refused(404, 'NOT_FOUND', signingTexts.needsTransactionId) : refused(404, 'NOT_FOUND', 'Not found'),
    );
    renderScreen(<SignBase64Page name="Sign Base64 Transaction" />, { path: '/tools/sign-base64?transactionId=not-a-real-id' });
    expect(await screen.findByText('Transaction not-a-real-id was not found. Check the id, or prepare the transaction again.')).toBeTruthy();
  });
});
