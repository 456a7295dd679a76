import { describe, expect, it } from 'vitest';
import { DEPLOYED_WEB_DIR, deployedBuildEnv } from './deployed-build';

describe('our web build as deployed (--cross-origin)', () => {
  it('is built without a catalogue URL of its own, so it calls its default host', () => {
    const env = { VITE_CATALOGUE_URL: '/api', PATH: '/usr/bin' };
    expect(deployedBuildEnv(env)).toEqual({ PATH: '/usr/bin' });
    expect(env.VITE_CATALOGUE_URL).toBe('/api');
  });

  it('goes to a folder of its own, never out/web, which the end-to-end tests serve', () => {
    expect(DEPLOYED_WEB_DIR).toMatch(/[\\/]out[\\/]web-deployed$/);
  });
});
