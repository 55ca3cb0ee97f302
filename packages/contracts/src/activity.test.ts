import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import { ACTIVITY_CSV_HEADINGS, activityTypeLabel, describeActivity, hasActivitySentence, humaniseName } from './activity';

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

  it('have a sentence in every language for every action that has one in English', () => {
    const actions = ['auth.logout', 'user.photo_updated', 'security.wallet_unlinked', 'retirement.completed', 'custom_role.assigned', 'company.updated'];
    for (const action of actions) {
      expect(hasActivitySentence(action)).toBe(true);
      for (const language of LANGUAGES) expect(describeActivity(entry(action), language), `${action} ${language}`).not.toContain(action);
    }
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
    expect(activityTypeLabel('webhook', 'en')).toBe('Webhook');
    expect(activityTypeLabel('wallet', 'pt')).toBe('Carteiras da empresa');
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
