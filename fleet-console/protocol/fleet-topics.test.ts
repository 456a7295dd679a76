// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { trustSubscriptions } from '@shared/fleet/trust/trust-topics';
import { consoleSubscriptions } from './fleet-topics';

const PREFIX = 'fleet';

describe("the console's subscriptions", () => {
  it('ask for enrolment requests and certificates as well as statuses and health', () => {
    const topics = consoleSubscriptions(PREFIX).map(({ topic }) => topic);
    expect(trustSubscriptions(PREFIX).every((topic) => topics.includes(topic))).toBe(true);
    expect(topics.some((topic) => topic.endsWith('/status'))).toBe(true);
    expect(topics.some((topic) => topic.endsWith('/health'))).toBe(true);
  });

  it('are each asked once', () => {
    const subscriptions = consoleSubscriptions(PREFIX);
    expect(new Set(subscriptions.map(({ topic }) => topic)).size).toBe(subscriptions.length);
  });
});
