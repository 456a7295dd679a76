import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the schemas’ library as the console’s pages and worker set it up', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('never tries `new Function`, which the pages’ security policy refuses', async () => {
    const made = vi.spyOn(globalThis, 'Function');
    await import('./schema-library');
    const { z } = await import('zod');
    const schema = z.strictObject({ kioskId: z.string(), at: z.int().min(1) });
    expect(schema.parse({ kioskId: 'sim-00001', at: 5 })).toEqual({ kioskId: 'sim-00001', at: 5 });
    expect(schema.safeParse({ kioskId: 'sim-00001', at: 0 }).success).toBe(false);
    expect(made).not.toHaveBeenCalled();
    expect(z.config().jitless).toBe(true);
  });
});
