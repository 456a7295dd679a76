import { describe, expect, it } from 'vitest';
import { cpuMeter, postgresCpuMs, processCpuMs } from './process-cpu';

describe.skipIf(process.platform !== 'linux')('CPU time from /proc', () => {
  it('reads a process’s CPU time, and none for a process that is not there', () => {
    expect(processCpuMs(process.pid)).toBeGreaterThanOrEqual(0);
    expect(processCpuMs(2 ** 30)).toBeNull();
    expect(postgresCpuMs('/nonexistent')).toBeNull();
  });

  it('counts the CPU a request cost since it started', () => {
    const meter = cpuMeter(process.pid, null);
    const until = Date.now() + 50;
    while (Date.now() < until) Math.sqrt(Math.random());
    const share = meter.per(10);
    expect(share.load).toBeGreaterThan(0);
    expect(share.service).toBeGreaterThanOrEqual(0);
    expect(share.database).toBeNull();
  });
});
