import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import { ACTIVITY_CSV_HEADINGS, activityParamsOf, activityTypeLabel, describeActivity, hasActivitySentence, humaniseName } from './activity';
import { AUDIT_ACTIONS, FORMER_AUDIT_ACTIONS } from './audit-actions';

const entry = (
  action: string,
  params: Record<string, string | number | boolean> = {},
  actor: { id: string; name: string; email: string } | null = { id: crypto.randomUUID(), name: 'Ana Lima', email: 'ana@demo.test' },
) => ({
  action,
  resourceType: 'user',
  actor,
  params,
});

describe('activity sentences', () => {
  it('tell a known action in each language, never as its key', () => {
    const signIn = entry('security.login_succeeded');
    expect(LANGUAGES.map((language) => describeActivity(signIn, language))).toEqual(['Ana Lima signed in', 'Ana Lima fez login', 'Ana Lima inició sesión']);
    expect(describeActivity(entry('wallet.approved', { address: 'So1ana' }), 'es')).toBe('Ana Lima aprobó la billetera So1ana');
  });

  it('tell every action the API records, or once recorded, in its own sentence in every language, naming as many details', () => {
    const unrecorded = (sentence: string) => sentence.split('—').length - 1;
    for (const action of [...AUDIT_ACTIONS, ...FORMER_AUDIT_ACTIONS]) {
      expect(hasActivitySentence(action), action).toBe(true);
      const [english, ...others] = LANGUAGES.map((language) => describeActivity(entry(action), language));
      for (const sentence of [english!, ...others]) {
        expect(sentence, action).not.toContain(humaniseName(action));
        expect(sentence, action).not.toMatch(/^Ana Lima: /);
        expect(unrecorded(sentence), `${action}: ${sentence}`).toBe(unrecorded(english!));
      }
    }
  });

  it('tell a purchase delivered on chain and an invoice payment with their recorded details', () => {
    const delivered = entry(
      'purchase.delivered',
      { quantity: '120', projectName: 'Rimba Raya', vintage: 2021, serialNumbers: 'VCS-1-2021-1-120', currency: 'USD' },
      null,
    );
    expect(LANGUAGES.map((language) => describeActivity(delivered, language))).toEqual([
      'The order of 120 tCO2e of Rimba Raya, vintage 2021 was delivered on chain (VCS-1-2021-1-120)',
      'O pedido de 120 tCO2e de Rimba Raya, safra 2021 foi entregue na blockchain (VCS-1-2021-1-120)',
      'Se entregó en la cadena el pedido de 120 tCO2e de Rimba Raya, añada 2021 (VCS-1-2021-1-120)',
    ]);
    const payment = entry('invoice.payment_recorded', { number: 'INV-000042', amount: '250.00', currency: 'BRL', balanceDue: '750.00' });
    expect(LANGUAGES.map((language) => describeActivity(payment, language))).toEqual([
      'Ana Lima recorded a payment of 250.00 BRL on the invoice INV-000042; 750.00 BRL still due',
      'Ana Lima registrou um pagamento de 250.00 BRL na fatura INV-000042; faltam 750.00 BRL',
      'Ana Lima registró un pago de 250.00 BRL en la factura INV-000042; quedan 750.00 BRL por pagar',
    ]);
    expect(describeActivity(entry('invoice.paid', { number: 'INV-000042', amount: '750.00', currency: 'BRL' }), 'en')).toBe(
      'Ana Lima recorded a payment of 750.00 BRL that settled the invoice INV-000042',
    );
  });

  it('name the platform when no person acted, and a dash for a value that was not recorded', () => {
    expect(describeActivity(entry('retirement.completed', { amount: '5' }, null), 'en')).toBe('The retirement of 5 tCO2e completed (certificate —)');
  });

  it('fall back to a readable sentence built from the names of an unknown action', () => {
    expect(hasActivitySentence('webhook.delivery_failed')).toBe(false);
    expect(describeActivity({ ...entry('webhook.delivery_failed'), resourceType: 'webhook_endpoint' }, 'en')).toBe(
      'Ana Lima: webhook delivery failed (webhook endpoint)',
    );
    expect(humaniseName('apiKey.rotated')).toBe('api key rotated');
    expect(activityTypeLabel('report_view', 'en')).toBe('Report view');
    expect(activityTypeLabel('wallet', 'pt')).toBe('Carteiras da empresa');
    expect(LANGUAGES.map((language) => activityTypeLabel('purchase', language))).toEqual(['Credit purchases', 'Compras de créditos', 'Compras de créditos']);
  });

  it('name the API key a person acted through after the person', () => {
    const params = activityParamsOf({
      serialNumber: 'VCS-1',
      units: '1',
      apiKey: { id: crypto.randomUUID(), name: 'ERP sync', keyPrefix: 'clk_live_0123456789abcdef' },
    });
    expect(LANGUAGES.map((language) => describeActivity(entry('vcu.imported', params), language))).toEqual([
      'Ana Lima via API key ERP sync (clk_live_0123456789abcdef) imported 1 VCUs (VCS-1)',
      'Ana Lima via chave de API ERP sync (clk_live_0123456789abcdef) importou 1 VCUs (VCS-1)',
      'Ana Lima mediante la clave de API ERP sync (clk_live_0123456789abcdef) importó 1 VCUs (VCS-1)',
    ]);
    expect(describeActivity(entry('vcu.imported', activityParamsOf({ serialNumber: 'VCS-1', units: '1' })), 'en')).toBe('Ana Lima imported 1 VCUs (VCS-1)');
  });

  it('cut a long recorded value instead of printing it whole', () => {
    const sentence = describeActivity(entry('security.alert_raised', { title: 'x'.repeat(500) }), 'en');
    expect(sentence.length).toBeLessThan(160);
    expect(sentence.endsWith('…')).toBe(true);
  });

  it('head the CSV with as many columns in every language', () => {
    for (const language of LANGUAGES) expect(ACTIVITY_CSV_HEADINGS[language]).toHaveLength(ACTIVITY_CSV_HEADINGS.en.length);
  });
});
