/**
 * `staff …` and `token …` against a PGlite data folder, each command opening and closing it
 * as the CLI does, so what one adds the next finds: records survive a restart.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAdminCommand, type CommandIo } from '../../../../services/shop/cli/staff-command';

const dir = mkdtempSync(join(tmpdir(), 'shop-staff-'));

async function run(argv: string[], password = 'a long enough password'): Promise<string[]> {
  const lines: string[] = [];
  const io: CommandIo = {
    out: (line) => lines.push(line),
    password: () => Promise.resolve(password),
    env: {},
    now: Date.now,
  };
  await runAdminCommand([...argv, '--data', dir], io);
  return lines;
}

describe('staff and token commands', () => {
  it('adds staff with a password from standard input, lists, disables and issues tokens', async () => {
    expect(
      await run(['staff', 'add', 'counter-2', '--name', 'Counter 2', '--role', 'counter']),
    ).toEqual(['added counter-2 (counter, "Counter 2")']);
    await expect(
      run(['staff', 'add', 'counter-2', '--name', 'Counter 2', '--role', 'counter']),
    ).rejects.toThrow(/already exists/);
    await expect(
      run(['staff', 'add', 'counter-3', '--name', 'Counter 3', '--role', 'counter'], 'short'),
    ).rejects.toThrow(/10 to/);
    await expect(
      run(['staff', 'add', 'Bad Name', '--name', 'x', '--role', 'counter']),
    ).rejects.toThrow(/username/);
    await expect(
      run(['staff', 'add', 'counter-4', '--name', 'x', '--role', 'boss']),
    ).rejects.toThrow(/--role/);
    await expect(
      run(['token', 'issue', '--name', 'x', '--role', 'counter', '--days', '0']),
    ).rejects.toThrow(/--days/);
    expect(await run(['staff', 'disable', 'counter-2'])).toEqual(['counter-2 disabled']);
    expect(await run(['staff', 'list'])).toEqual(['counter-2\tcounter\tCounter 2 (disabled)']);
    const issued = await run([
      'token',
      'issue',
      '--name',
      'Counter 3 PC',
      '--role',
      'counter',
      '--days',
      '30',
    ]);
    expect(issued[1]).toMatch(/^kst1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    const id = issued[1]?.split('.')[1] ?? '';
    expect(await run(['token', 'revoke', id])).toEqual([`token ${id} revoked`]);
  }, 180_000);
});
