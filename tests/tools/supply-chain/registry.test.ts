import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_REGISTRY,
  registryBase,
  registryJson,
  RegistryError,
} from '../../../tools/supply-chain/registry';
import {
  startFakeRegistry,
  unreachableRegistryUrl,
  type FakeRegistry,
} from '../../support/fake-registry';

describe('registryBase', () => {
  it('takes --registry, else npm_config_registry, else the public registry', () => {
    const env = { npm_config_registry: 'http://127.0.0.1:4873' };
    expect(registryBase('https://mirror.example/npm', env).href).toBe(
      'https://mirror.example/npm/',
    );
    expect(registryBase(undefined, env).href).toBe('http://127.0.0.1:4873/');
    expect(registryBase(' ', {}).href).toBe(DEFAULT_REGISTRY);
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => registryBase('not a url', {})).toThrow(RegistryError);
    expect(() => registryBase('file:///etc/', {})).toThrow('not an http(s) URL');
  });
});

describe('registryJson', () => {
  let registry: FakeRegistry | undefined;
  afterEach(async () => {
    await registry?.close();
    registry = undefined;
  });

  it('sends the JSON body and returns the JSON answer', async () => {
    registry = await startFakeRegistry(() => ({ body: { react: [] } }));
    const url = new URL('-/npm/v1/security/advisories/bulk', registry.url);
    await expect(
      registryJson(url, { method: 'POST', body: { react: ['18.3.1'] } }),
    ).resolves.toEqual({ react: [] });
    expect(registry.requests).toEqual([
      {
        method: 'POST',
        path: '/-/npm/v1/security/advisories/bulk',
        accept: 'application/json',
        body: { react: ['18.3.1'] },
      },
    ]);
  });

  it('fails, saying why, on an error status, a non-JSON answer, no server or no answer', async () => {
    registry = await startFakeRegistry(({ path }) =>
      path === '/down' ? { status: 503, body: {} } : { body: '<html>captive portal</html>' },
    );
    await expect(registryJson(new URL('down', registry.url))).rejects.toThrow(/answered HTTP 503/);
    await expect(registryJson(new URL('down', registry.url))).rejects.toMatchObject({
      status: 503,
    });
    await expect(registryJson(new URL('page', registry.url))).rejects.toThrow(
      'answered with something that is not JSON',
    );
    await expect(registryJson(new URL('electron', await unreachableRegistryUrl()))).rejects.toThrow(
      /could not reach the registry/,
    );

    const silent = createServer(() => {
      // Never answers: the deadline must end the wait.
    });
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const { port } = silent.address() as AddressInfo;
    try {
      await expect(
        registryJson(new URL(`http://127.0.0.1:${port}/electron`), {}, 300),
      ).rejects.toThrow('got no answer within 0.3 s');
    } finally {
      silent.closeAllConnections();
      await new Promise((done) => silent.close(done));
    }
  });
});
