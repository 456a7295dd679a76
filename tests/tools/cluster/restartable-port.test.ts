import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EPHEMERAL_LOW,
  LOWEST_PORT,
  canConnect,
  canListen,
  ephemeralLow,
  restartablePort,
} from '../../../tools/cluster/restartable-port';

describe('ephemeralLow', () => {
  it("reads the first port of the system's range", () => {
    expect(ephemeralLow(() => '32768\t60999\n')).toBe(32_768);
    expect(ephemeralLow(() => '40000 60999')).toBe(40_000);
  });

  it('falls back to the default for a missing, unreadable or implausible setting', () => {
    const unreadable = () => {
      throw new Error('ENOENT');
    };
    expect(ephemeralLow(unreadable)).toBe(DEFAULT_EPHEMERAL_LOW);
    expect(ephemeralLow(() => 'not a range')).toBe(DEFAULT_EPHEMERAL_LOW);
    expect(ephemeralLow(() => '1024 65535')).toBe(DEFAULT_EPHEMERAL_LOW);
    expect(ephemeralLow(() => '70000 80000')).toBe(DEFAULT_EPHEMERAL_LOW);
  });
});

describe('restartablePort', () => {
  const allFree = () => Promise.resolve(true);

  it('gives a port below the ephemeral range, from where the random start falls', async () => {
    expect(await restartablePort({ ephemeralLow: 32_768, random: () => 0, isFree: allFree })).toBe(
      LOWEST_PORT,
    );
    expect(
      await restartablePort({ ephemeralLow: 32_768, random: () => 0.999_999, isFree: allFree }),
    ).toBe(32_767);
  });

  it('walks past ports already taken or in use, wrapping round to the lowest', async () => {
    const inUse = new Set([32_767]);
    const taken = new Set([32_766]);
    const options = {
      ephemeralLow: 32_768,
      random: () => 0.999_999,
      taken,
      isFree: (candidate: number) => Promise.resolve(!inUse.has(candidate)),
    };
    // 32,767 is in use; the walk wraps to the bottom of the span.
    expect(await restartablePort(options)).toBe(LOWEST_PORT);
    // Given once, the port is taken: the next ask gets the one after it.
    expect(taken.has(LOWEST_PORT)).toBe(true);
    expect(await restartablePort(options)).toBe(LOWEST_PORT + 1);
  });

  it('fails after trying 200 ports, none free', async () => {
    let tried = 0;
    await expect(
      restartablePort({
        ephemeralLow: 32_768,
        isFree: () => {
          tried += 1;
          return Promise.resolve(false);
        },
      }),
    ).rejects.toThrow(/no free port/);
    expect(tried).toBe(200);
  });

  it('on this system: a port no outgoing connection can be given, and free to listen on', async () => {
    const port = await restartablePort();
    expect(port).toBeGreaterThanOrEqual(LOWEST_PORT);
    expect(port).toBeLessThan(ephemeralLow());
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    // Taken now, so no longer free.
    expect(await canListen(port)).toBe(false);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await canListen(port)).toBe(true);
  });
});

describe('canConnect', () => {
  it('says whether something listens on a loopback port', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    expect(await canConnect(address.port)).toBe(true);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await canConnect(address.port)).toBe(false);
  });
});
