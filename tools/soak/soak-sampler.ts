/**
 * One soak sample, taken after a forced GC through CDP: Performance.getMetrics for the JS
 * heap, DOM nodes and event listeners, and DOM.getDetachedDomNodes for detached nodes
 * (element trees out of the document that script still keeps alive, the classic React
 * leak), counted node by node over the trees it returns.
 */
import type { CDPSession, Page } from '@playwright/test';
import type { SoakSample } from './soak-budgets';

interface TreeNode {
  children?: TreeNode[];
}

function countNodes(node: TreeNode): number {
  return 1 + (node.children ?? []).reduce((sum, child) => sum + countNodes(child), 0);
}

export async function startSampler(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return cdp;
}

export async function takeSample(
  page: Page,
  cdp: CDPSession,
  sessions: number,
): Promise<SoakSample> {
  // Let the last screen's tasks and image decodes settle, then collect twice (the first
  // pass can leave what only a finaliser frees).
  await page.waitForTimeout(200);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string): number => metrics.find((m) => m.name === name)?.value ?? NaN;
  const { detachedNodes } = await cdp.send('DOM.getDetachedDomNodes');
  return {
    sessions,
    heapBytes: metric('JSHeapUsedSize'),
    nodes: metric('Nodes'),
    listeners: metric('JSEventListeners'),
    detachedNodes: detachedNodes.reduce((sum, info) => sum + countNodes(info.treeNode), 0),
  };
}
