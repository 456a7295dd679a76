import { describe, expect, it } from 'vitest';
import {
  catalogueBase,
  checkSettings,
  DEFAULT_SETTINGS,
  holdDaysOf,
  resolveSettings,
  settingsToSave,
} from './console-settings';

describe('console settings', () => {
  it('take the query over npm run fleet’s presets over what was saved', () => {
    const settings = resolveSettings({
      query: new URLSearchParams('broker=ws://q:1&prefix=shop/eu'),
      served: {
        brokerUrl: 'ws://served:2',
        username: 'operator',
        password: 'secret',
        topicPrefix: 'served',
      },
      saved: { brokerUrl: 'ws://saved:3', catalogueUrl: 'https://c.example', password: 'never' },
    });
    expect(settings).toEqual({
      ...DEFAULT_SETTINGS,
      brokerUrl: 'ws://q:1',
      username: 'operator',
      password: 'secret',
      topicPrefix: 'shop/eu',
      catalogueUrl: 'https://c.example',
    });
  });

  it('take the enrolment key from npm run fleet or what was typed, never from a link', () => {
    const key = 'A'.repeat(43);
    const linked = resolveSettings({
      query: new URLSearchParams(
        `enrolmentPublicKey=${'B'.repeat(43)}&enrolment=${'B'.repeat(43)}`,
      ),
      served: { enrolmentPublicKey: key },
      saved: { enrolmentPublicKey: 'C'.repeat(43), holdDays: '7', counterName: 'Counter 2' },
    });
    expect(linked).toMatchObject({
      enrolmentPublicKey: key,
      holdDays: '7',
      counterName: 'Counter 2',
    });
    expect(settingsToSave(linked)).toMatchObject({ enrolmentPublicKey: key });
  });

  it('never save the password', () => {
    expect(settingsToSave({ ...DEFAULT_SETTINGS, password: 'secret' })).not.toHaveProperty(
      'password',
    );
  });

  it('need a WebSockets broker, a valid prefix and a usable catalogue URL', () => {
    expect(checkSettings({ ...DEFAULT_SETTINGS, brokerUrl: 'ws://127.0.0.1:9001' })).toEqual({});
    expect(
      Object.keys(
        checkSettings({
          ...DEFAULT_SETTINGS,
          brokerUrl: 'mqtt://h:1883',
          topicPrefix: 'a/#',
          catalogueUrl: 'ftp://x',
        }),
      ),
    ).toEqual(['brokerUrl', 'topicPrefix', 'catalogueUrl']);
  });

  it('need a public key if any, a hold window of 1 to 365 days and a counter name', () => {
    const base = { ...DEFAULT_SETTINGS, brokerUrl: 'ws://127.0.0.1:9001' };
    expect(checkSettings({ ...base, enrolmentPublicKey: 'A'.repeat(43), holdDays: '365' })).toEqual(
      {},
    );
    expect(
      Object.keys(
        checkSettings({ ...base, enrolmentPublicKey: 'short', holdDays: '0', counterName: ' ' }),
      ),
    ).toEqual(['enrolmentPublicKey', 'holdDays', 'counterName']);
    for (const days of ['366', '1.5', '-1', '', '1e2', '14 days']) {
      expect(holdDaysOf({ holdDays: days }), days).toBeNull();
    }
    expect(holdDaysOf({ holdDays: ' 14 ' })).toBe(14);
    expect(holdDaysOf(DEFAULT_SETTINGS)).toBe(14);
  });

  it('resolve a relative catalogue against the page', () => {
    expect(catalogueBase('/api/', 'http://127.0.0.1:4180/#/counter')).toBe(
      'http://127.0.0.1:4180/api',
    );
  });
});
