/**
 * The examples on the topics-and-payloads page are payloads the kiosk and the console really
 * accept: each JSON example under a section is read with the schema of that topic, so a field
 * added to or renamed in shared/fleet/payloads.ts fails here until the page shows it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ackSchema, commandSchema, healthSchema, statusSchema } from '../../shared/fleet/payloads';
import { readRolloutState } from '../../fleet-console/rollouts/engine/rollout-state';

const PAGE = 'docs/fleet/topics-and-payloads.md';
const page = readFileSync(join(__dirname, '../..', PAGE), 'utf8');

/** The fenced json blocks of one `## ` section. */
function jsonBlocks(section: string): string[] {
  const start = page.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`${PAGE}: no "## ${section}" section`);
  const end = page.indexOf('\n## ', start + 1);
  const text = page.slice(start, end < 0 ? undefined : end);
  return [...text.matchAll(/```json\n([\s\S]*?)```/g)].map(([, body = '']) => body);
}

/** One JSON value per line (the page writes short payloads one per line). */
const lines = (block: string): unknown[] =>
  block
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);

// The page shortens keys and signatures for reading ("T2v1…43 chars…"): a real one stands in.
const withRealKey = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value).replace(/"[A-Za-z0-9_-]*…[^"]*"/g, `"${'A'.repeat(43)}"`));

describe(`the examples of ${PAGE}`, () => {
  it('shows a status the schema accepts, online, asleep and offline', () => {
    const [block = ''] = jsonBlocks('Status');
    const examples = lines(block).map(withRealKey);
    expect(examples).toHaveLength(3);
    for (const example of examples) expect(statusSchema.safeParse(example).error).toBeUndefined();
  });

  it('shows a health report with every field the schema requires', () => {
    const [block = ''] = jsonBlocks('Health');
    expect(healthSchema.safeParse(JSON.parse(block)).error).toBeUndefined();
  });

  it('shows a command and acks the schemas accept', () => {
    const [block = ''] = jsonBlocks('Commands and acks');
    const [command, ...acks] = lines(block);
    expect(commandSchema.safeParse(command).error).toBeUndefined();
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) expect(ackSchema.safeParse(ack).error).toBeUndefined();
  });

  it('shows a rollout state a console reads', () => {
    const [block = ''] = jsonBlocks('Rollout state');
    const state = readRolloutState(new TextEncoder().encode(JSON.stringify(JSON.parse(block))));
    expect(state?.phase).toBe('waiting-for-gate');
  });
});
