import { describe, expect, it } from 'vitest';
import { parseBrokerList } from './broker-list';
import {
  catalogueBase,
  checkSettings,
  DEFAULT_SETTINGS,
  holdDaysOf,
  linkChanges,
  resolveSettings,
  serviceBaseOf,
  settingsToSave,
} from './console-settings';

describe('console settings', () => {
  const served = {
    brokerUrl: 'ws://served:2',
    username: 'operator',
    password: 'secret',
    topicPrefix: 'served',
  };

  it('take npm run fleet’s presets over what was saved, the password only with its broker', () => {
    const { settings, fromLink } = resolveSettings({
      query: new URLSearchParams(''),
      served,
      saved: { brokerUrl: 'ws://saved:3', catalogueUrl: 'https://c.example', password: 'never' },
    });
    expect(settings).toEqual({
      ...DEFAULT_SETTINGS,
      brokers: ['ws://served:2'],
      username: 'operator',
      password: 'secret',
      topicPrefix: 'served',
      catalogueUrl: 'https://c.example',
    });
    expect(fromLink).toBeNull();
    const noBroker = resolveSettings({
      query: new URLSearchParams(''),
      served: { password: 'secret' },
      saved: { brokerUrl: 'ws://saved:3' },
    });
    expect(noBroker.settings).toMatchObject({ brokers: ['ws://saved:3'], password: '' });
  });

  it('only propose what a link changes: another broker gets neither the password nor the user name', () => {
    const { settings, fromLink } = resolveSettings({
      query: new URLSearchParams('broker=ws://elsewhere:1&prefix=shop/eu'),
      served,
      saved: {},
    });
    expect(settings).toMatchObject({ brokers: ['ws://served:2'], password: 'secret' });
    expect(fromLink).toEqual({
      brokers: ['ws://elsewhere:1'],
      username: '',
      password: '',
      topicPrefix: 'shop/eu',
      catalogueUrl: '/api',
      // A link never names the pinned enrolment key, the counter's window or its service.
      enrolmentPublicKey: settings.enrolmentPublicKey,
      holdDays: settings.holdDays,
      shopServiceUrl: settings.shopServiceUrl,
    });
    expect(linkChanges(settings, fromLink ?? settings)).toEqual([
      { label: 'Broker', value: 'ws://elsewhere:1' },
      { label: 'User name', value: '(none)' },
      { label: 'Topic prefix', value: 'shop/eu' },
    ]);
  });

  it('keep a served password with a cluster only while every broker named was served', () => {
    const cluster = { ...served, brokerUrl: 'ws://n1:1, ws://n2:2,ws://n3:3' };
    const kept = resolveSettings({ query: new URLSearchParams(), served: cluster, saved: {} });
    expect(kept.settings.password).toBe('secret');
    // A link to some of the served nodes keeps it; one naming any other broker drops it.
    const fewer = resolveSettings({
      query: new URLSearchParams('broker=ws://n2:2,ws://n1:1'),
      served: cluster,
      saved: {},
    });
    expect(fewer.fromLink).toMatchObject({
      brokers: ['ws://n2:2', 'ws://n1:1'],
      password: 'secret',
    });
    expect(linkChanges(fewer.settings, fewer.fromLink ?? fewer.settings)).toEqual([
      { label: 'Broker', value: 'ws://n2:2, ws://n1:1' },
    ]);
    const widened = resolveSettings({
      query: new URLSearchParams('broker=ws://n1:1,ws://evil:1'),
      served: cluster,
      saved: {},
    });
    expect(widened.fromLink).toMatchObject({ password: '', username: '' });
    // Saved without a served list: no password at all.
    const saved = resolveSettings({
      query: new URLSearchParams(),
      served: {},
      saved: { brokerUrl: 'ws://n1:1,ws://n2:2', password: 'never' },
    });
    expect(saved.settings.password).toBe('');
  });

  it('propose a catalogue a link names, and nothing for a link that changes nothing', () => {
    const catalogue = resolveSettings({
      query: new URLSearchParams('catalogue=https://titles.example/api'),
      served,
      saved: {},
    });
    expect(catalogue.fromLink).toMatchObject({
      brokers: ['ws://served:2'],
      password: 'secret',
      catalogueUrl: 'https://titles.example/api',
    });
    expect(linkChanges(catalogue.settings, catalogue.fromLink ?? catalogue.settings)).toEqual([
      { label: 'Catalogue URL', value: 'https://titles.example/api' },
    ]);
    const same = resolveSettings({
      query: new URLSearchParams('broker=ws://served:2&prefix=served'),
      served,
      saved: {},
    });
    expect(same.fromLink).toBeNull();
  });

  it('take the enrolment key and the shop service from what served the page or was typed, never from a link', () => {
    const key = 'A'.repeat(43);
    const { settings: linked, fromLink } = resolveSettings({
      query: new URLSearchParams(
        `enrolmentPublicKey=${'B'.repeat(43)}&enrolment=${'B'.repeat(43)}&shopServiceUrl=https://evil.example&service=https://evil.example`,
      ),
      served: { enrolmentPublicKey: key },
      saved: { enrolmentPublicKey: 'C'.repeat(43), holdDays: '7', shopServiceUrl: 'http://s:1' },
    });
    // The link proposes nothing: a key or a service in the query is not even something to confirm.
    expect(fromLink).toBeNull();
    expect(linked).toMatchObject({
      enrolmentPublicKey: key,
      holdDays: '7',
      shopServiceUrl: 'http://s:1',
    });
    // A service that serves the page names itself: its own origin, whatever was saved.
    const served = resolveSettings({
      query: new URLSearchParams(''),
      served: { enrolmentPublicKey: key, shopServiceUrl: '' },
      saved: { shopServiceUrl: 'http://s:1' },
    });
    expect(served.settings.shopServiceUrl).toBe('');
    expect(settingsToSave(linked)).toMatchObject({ enrolmentPublicKey: key });
  });

  it('never save the password', () => {
    expect(settingsToSave({ ...DEFAULT_SETTINGS, password: 'secret' })).not.toHaveProperty(
      'password',
    );
  });

  it('save the brokers as they are read back: the setting’s text, comma-separated', () => {
    const saved = settingsToSave({ ...DEFAULT_SETTINGS, brokers: ['ws://n1:1', 'ws://n2:2'] });
    expect(saved).toMatchObject({ brokerUrl: 'ws://n1:1, ws://n2:2' });
    const read = resolveSettings({ query: new URLSearchParams(), served: {}, saved });
    expect(read.settings.brokers).toEqual(['ws://n1:1', 'ws://n2:2']);
  });

  it('need a WebSockets broker, a valid prefix and a usable catalogue URL', () => {
    expect(checkSettings({ ...DEFAULT_SETTINGS, brokers: ['ws://127.0.0.1:9001'] })).toEqual({});
    expect(
      Object.keys(
        checkSettings({
          ...DEFAULT_SETTINGS,
          brokers: ['mqtt://h:1883'],
          topicPrefix: 'a/#',
          catalogueUrl: 'ftp://x',
        }),
      ),
    ).toEqual(['brokers', 'topicPrefix', 'catalogueUrl']);
  });

  it('take a cluster’s WebSockets URLs, comma-separated, each once', () => {
    const check = (text: string) =>
      checkSettings({ ...DEFAULT_SETTINGS, brokers: parseBrokerList(text) }).brokers;
    expect(check('ws://127.0.0.1:1, ws://127.0.0.1:2,wss://n3.example')).toBeUndefined();
    expect(check('ws://127.0.0.1:1, mqtt://127.0.0.1:2')).toMatch(/WebSockets URL/);
    expect(check(' , ')).toMatch(/WebSockets URL/);
    expect(check('ws://127.0.0.1:1,ws://127.0.0.1:1')).toMatch(/each broker once/);
  });

  it('need a public key if any, a hold window of 1 to 365 days and an http(s) shop service if any', () => {
    const base = { ...DEFAULT_SETTINGS, brokers: ['ws://127.0.0.1:9001'] };
    expect(checkSettings({ ...base, enrolmentPublicKey: 'A'.repeat(43), holdDays: '365' })).toEqual(
      {},
    );
    expect(
      Object.keys(
        checkSettings({
          ...base,
          enrolmentPublicKey: 'short',
          holdDays: '0',
          shopServiceUrl: 'ftp://shop',
        }),
      ),
    ).toEqual(['enrolmentPublicKey', 'holdDays', 'shopServiceUrl']);
    for (const url of ['http://user:pw@shop:1', 'https://shop/?x=1', 'shop:8470', 'javascript:1']) {
      expect(serviceBaseOf({ shopServiceUrl: url }), url).toBeNull();
    }
    expect(serviceBaseOf({ shopServiceUrl: ' https://shop.example/records/ ' })).toBe(
      'https://shop.example/records',
    );
    expect(serviceBaseOf({ shopServiceUrl: '' })).toBe('');
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
