import { describe, expect, it } from 'vitest';
import { describeConnection } from './connection-status';

describe('the header’s connection status', () => {
  it('names the one node of a cluster the console is on, never the whole list', () => {
    const node = 'wss://n2.shop.example:8884';
    expect(describeConnection({ phase: 'connected', broker: node, nodes: 3 }).text).toBe(
      `Connected to ${node} (one of 3 nodes)`,
    );
    expect(describeConnection({ phase: 'connecting', broker: node, nodes: 3 }).text).toBe(
      'Connecting to one of 3 nodes…',
    );
    expect(
      describeConnection({ phase: 'reconnecting', broker: node, nodes: 3, problem: null }).text,
    ).toBe(`Connection to ${node} lost. Retrying…`);
  });

  it('names a single broker as before', () => {
    expect(
      describeConnection({ phase: 'connected', broker: 'ws://127.0.0.1:9001', nodes: 1 }).text,
    ).toBe('Connected to ws://127.0.0.1:9001');
  });
});
