/**
 * The working sets app.getAppMetrics() reports, in kilobytes: the browser (main) process's
 * and each renderer's ('Tab'). Fleet health shows the renderers' sum (what the shop costs
 * the machine); self-care watches the largest (the shop window that may creep).
 */
export interface ProcessMemory {
  type: string;
  memory: { workingSetSize: number };
}

export interface WorkingSets {
  mainKB: number;
  /** One per renderer; empty before the first one runs. */
  renderersKB: number[];
}

export function workingSets(metrics: readonly ProcessMemory[]): WorkingSets {
  const main = metrics.find((metric) => metric.type === 'Browser');
  return {
    mainKB: main?.memory.workingSetSize ?? 0,
    renderersKB: metrics
      .filter((metric) => metric.type === 'Tab')
      .map((metric) => metric.memory.workingSetSize),
  };
}
