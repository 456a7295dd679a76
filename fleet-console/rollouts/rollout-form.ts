/**
 * The start form's fields as a rollout plan, checked: what to roll out (config keys as
 * JSON, or an app version), to which kiosks (the fleet, a region or a store), the first step
 * (a percentage or named canaries), the later percentages, and the health gate. Pure, so
 * every refusal is tested; the plan it returns passes the broker's schema.
 */
import { RESERVED_CONFIG_FIELDS } from '@shared/fleet/payloads';
import type { RolloutSelector } from './engine/rollout-selector';
import { rolloutPlanSchema, type RolloutPlan } from './engine/rollout-state';

export interface RolloutFields {
  title: string;
  what: 'config' | 'version';
  /** A JSON object of config keys in their file form, e.g. {"idleTimeoutSeconds": 90}. */
  configKeys: string;
  version: string;
  scope: 'all' | 'region' | 'store';
  scopeName: string;
  first: 'percentage' | 'kiosks';
  firstPercent: string;
  canaries: string;
  /** Later steps as percentages, e.g. "25, 50, 100". */
  laterPercents: string;
  windowSeconds: string;
  maxFailing: string;
  crashLoopRestarts: string;
  validDays: string;
}

export const DEFAULT_FIELDS: RolloutFields = {
  title: '',
  what: 'config',
  configKeys: '{"idleTimeoutSeconds": 90}',
  version: '',
  scope: 'all',
  scopeName: '',
  first: 'percentage',
  firstPercent: '10',
  canaries: '',
  laterPercents: '25, 50, 100',
  windowSeconds: '600',
  maxFailing: '0',
  crashLoopRestarts: '3',
  validDays: '30',
};

export type FormResult = { ok: true; plan: RolloutPlan } | { ok: false; problems: string[] };

const DAY_MS = 86_400_000;

function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

function whole(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

function percent(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value > 0 && value <= 100 ? value : null;
}

function readKeys(text: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'The config keys are not JSON.';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'The config keys must be a JSON object, like {"idleTimeoutSeconds": 90}.';
  }
  const names = Object.keys(value);
  if (names.length === 0) return 'Name at least one config key.';
  const reserved = names.filter((name) =>
    (RESERVED_CONFIG_FIELDS as readonly string[]).includes(name),
  );
  if (reserved.length > 0) {
    return `The rollout sets ${reserved.join(', ')} itself; leave ${reserved.length > 1 ? 'them' : 'it'} out.`;
  }
  return value as Record<string, unknown>;
}

export function planFromFields(fields: RolloutFields, now: number): FormResult {
  const problems: string[] = [];
  const title = fields.title.trim();
  if (title === '') problems.push('Give the rollout a title.');
  let payload: RolloutPlan['payload'] | null = null;
  if (fields.what === 'config') {
    const keys = readKeys(fields.configKeys);
    if (typeof keys === 'string') problems.push(keys);
    else payload = { kind: 'config', keys };
  } else if (!/^\d+\.\d+\.\d+[\w.+-]*$/.test(fields.version.trim())) {
    problems.push('The app version must look like 1.4.0.');
  } else payload = { kind: 'version', version: fields.version.trim() };

  const name = fields.scopeName.trim();
  let scope: RolloutSelector = { kind: 'all' };
  if (fields.scope !== 'all') {
    if (name === '') problems.push(`Name the ${fields.scope}.`);
    scope =
      fields.scope === 'region' ? { kind: 'region', region: name } : { kind: 'store', store: name };
  }

  let first: RolloutSelector | null = null;
  if (fields.first === 'percentage') {
    const value = percent(fields.firstPercent);
    if (value === null)
      problems.push('The first step must be a percentage above 0 and at most 100.');
    else first = { kind: 'percentage', percent: value };
  } else {
    const ids = fields.canaries
      .split(/[\s,]+/)
      .map((id) => id.trim())
      .filter((id) => id !== '');
    if (ids.length === 0) problems.push('Name at least one canary kiosk.');
    else first = { kind: 'kiosks', kioskIds: [...new Set(ids)] };
  }

  const later: RolloutSelector[] = [];
  const laterText = fields.laterPercents.trim();
  if (laterText !== '') {
    for (const part of laterText.split(/[\s,]+/)) {
      const value = percent(part.replace(/%$/, ''));
      if (value === null) {
        problems.push(`“${part}” is not a percentage above 0 and at most 100.`);
        continue;
      }
      later.push(value === 100 ? { kind: 'all' } : { kind: 'percentage', percent: value });
    }
  }
  if (later.length === 0 || later.at(-1)?.kind !== 'all') later.push({ kind: 'all' });

  const windowSeconds = whole(fields.windowSeconds, 1, 86_400);
  if (windowSeconds === null) problems.push('The gate’s window must be 1 to 86,400 seconds.');
  const maxFailing = whole(fields.maxFailing, 0, 10_000);
  if (maxFailing === null) problems.push('The failing kiosks allowed must be a whole number.');
  const crashLoopRestarts = whole(fields.crashLoopRestarts, 1, 100);
  if (crashLoopRestarts === null) problems.push('A crash loop must be 1 to 100 restarts.');
  const validDays = whole(fields.validDays, 1, 3650);
  if (validDays === null) problems.push('The configs must be valid for 1 to 3,650 days.');

  if (problems.length > 0 || !payload || !first) return { ok: false, problems };
  const candidate = {
    id: `${slug(title) || 'rollout'}-${now.toString(36)}`,
    title,
    payload,
    scope,
    steps: [first, ...later],
    gate: { windowSeconds, maxFailing, crashLoopRestarts },
    notAfter: new Date(now + (validDays ?? 30) * DAY_MS).toISOString(),
    createdAt: now,
  };
  const parsed = rolloutPlanSchema.safeParse(candidate);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    };
  }
  return { ok: true, plan: parsed.data };
}

/** A selector in the operator's words. */
export function describeSelector(selector: RolloutSelector): string {
  switch (selector.kind) {
    case 'all':
      return 'all';
    case 'region':
      return `region ${selector.region}`;
    case 'store':
      return `store ${selector.store}`;
    case 'kiosks':
      return selector.kioskIds.length === 1
        ? `kiosk ${selector.kioskIds[0] ?? ''}`
        : `${selector.kioskIds.length} named kiosks`;
    case 'percentage':
      return `${selector.percent} %`;
  }
}
