import { describe, expect, it } from 'vitest';
import {
  catalogueBase,
  checkSettings,
  DEFAULT_SETTINGS,
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
      brokerUrl: 'ws://q:1',
      username: 'operator',
      password: 'secret',
      topicPrefix: 'shop/eu',
      catalogueUrl: 'https://c.example',
    });
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

  it('resolve a relative catalogue against the page', () => {
    expect(catalogueBase('/api/', 'http://127.0.0.1:4180/#/counter')).toBe(
      'http://127.0.0.1:4180/api',
    );
  });
});
