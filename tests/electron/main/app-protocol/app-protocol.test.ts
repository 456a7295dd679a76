import { describe, expect, it, vi } from 'vitest';

const registered: unknown[] = [];
vi.mock('electron', () => ({
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown) => registered.push(schemes),
    handle: vi.fn(),
  },
}));

describe('the app:// protocol', () => {
  it('registers app as a standard, secure, fetch-capable scheme', async () => {
    const { registerAppScheme } =
      await import('../../../../electron/main/app-protocol/app-protocol');
    registerAppScheme();
    expect(registered).toEqual([
      [{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }],
    ]);
  });
});
