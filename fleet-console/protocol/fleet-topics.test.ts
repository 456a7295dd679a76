import { describe, expect, it } from 'vitest';
import { trustSubscriptions } from '@shared/fleet/trust/trust-topics';
import { consoleSubscriptions } from './fleet-topics';

const PREFIX = 'fleet';

describe("the console's subscriptions", () => {
  it('ask for enrolment requests and certificates before any status or health', () => {
    const topics = consoleSubscriptions(PREFIX).map(({ topic }) => topic);
    const trust = trustSubscriptions(PREFIX);
    const lastTrust = Math.max(...trust.map((topic) => topics.indexOf(topic)));
    const firstStatus = topics.findIndex((topic) => /\/(status|health)$/.test(topic));
    expect(trust.every((topic) => topics.includes(topic))).toBe(true);
    expect(firstStatus).toBeGreaterThan(-1);
    expect(lastTrust).toBeLessThan(firstStatus);
  });

  it('are each asked once', () => {
    const subscriptions = consoleSubscriptions(PREFIX);
    expect(new Set(subscriptions.map(({ topic }) => topic)).size).toBe(subscriptions.length);
  });
});
