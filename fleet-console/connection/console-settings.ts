/**
 * Where the console connects, where it reads product titles from, and what the counter
 * trusts. Presets come from `npm run fleet` (fleet-console.json beside the page, which may
 * also carry a password and the enrolment public key) over what the operator typed in the
 * connection form before (kept in localStorage, except the password, which lives only as
 * long as the page).
 *
 * A link (?broker=…&username=…&prefix=…&catalogue=…) only proposes: whatever it would
 * change waits for the operator to confirm it in the connection form, and nothing connects
 * meanwhile. A password goes only to the broker it was given for: one served for
 * `npm run fleet`'s broker is never sent to a broker a link names (nor is its user name),
 * and the counter's product titles never come from a catalogue a link chose unasked.
 *
 * The enrolment public key is the one key the counter trusts receipts and revocations under
 * while it checks them itself. It comes from `npm run fleet`, from the shop service that
 * serves this page, or is typed in; never from the page's query (a link must not choose it)
 * and never from the broker.
 *
 * The shop service (which checks receipts and keeps the handovers, revocations and
 * certificates) is this page's own origin unless a URL is set: a link cannot set it either.
 *
 * The broker may be a cluster: its nodes' WebSockets URLs, comma-separated where the setting
 * is text (the worker connects to one at random and moves to another at a loss). That text
 * is read into a list here, as the settings are read, and in the connection form, as it is
 * typed (broker-list.ts); the settings hold the list. A served password then goes only to
 * the brokers it was served for: a list that names any other broker drops it.
 */
import { MAX_BROKER_URLS } from '@shared/fleet/broker-choice';
import { isPublicKeyText } from '@shared/fleet/receipt-code';
import { isValidTopicPrefix } from '@shared/fleet/topics';
import { isJsonObject } from '../protocol/config-envelope';
import {
  brokerListText,
  brokersWithin,
  NO_BROKERS,
  parseBrokerList,
  sameBrokers,
  type BrokerList,
} from './broker-list';

export interface ConsoleSettings {
  /**
   * ws:// or wss:// URL of the broker's WebSockets listener, or a cluster's nodes' URLs;
   * none until one is given. Written and stored as `brokerUrl`, comma-separated.
   */
  brokers: BrokerList;
  username: string;
  password: string;
  topicPrefix: string;
  /** Catalogue API base (FakeStore shape) for product titles; relative to the page or absolute. */
  catalogueUrl: string;
  /** base64url raw Ed25519 key kiosk certificates are signed with; "" until one is given. */
  enrolmentPublicKey: string;
  /** How many days a receipt may be collected after it was printed (whole days, 1–365). */
  holdDays: string;
  /** The shop service's base URL; "" : this page's own origin (the service serves it). */
  shopServiceUrl: string;
}

/** A receipt is collected within two weeks of its printing, unless the console says otherwise. */
export const DEFAULT_HOLD_DAYS = 14;
export const MAX_HOLD_DAYS = 365;

export const DEFAULT_SETTINGS: ConsoleSettings = {
  brokers: NO_BROKERS,
  username: '',
  password: '',
  topicPrefix: 'kiosk-shop',
  // `npm run fleet` serves the kiosk's embedded demo catalogue here, as `npm run serve` does.
  catalogueUrl: '/api',
  enrolmentPublicKey: '',
  holdDays: String(DEFAULT_HOLD_DAYS),
  shopServiceUrl: '',
};

export const SETTINGS_STORAGE_KEY = 'fleet-console.settings';

/** The settings' text fields: all but the brokers, which are a list (broker-list.ts). */
type TextField = Exclude<keyof ConsoleSettings, 'brokers'>;

type Partial_ = Partial<ConsoleSettings>;

const TEXT_FIELDS = [
  'username',
  'password',
  'topicPrefix',
  'catalogueUrl',
  'enrolmentPublicKey',
  'holdDays',
  'shopServiceUrl',
] as const satisfies readonly TextField[];

/** Where the brokers are text: the served presets, what was saved, a link. */
const BROKER_FIELD = 'brokerUrl';

function pick(source: unknown, allowPassword: boolean): Partial_ {
  if (!isJsonObject(source)) return {};
  const picked: Partial_ = {};
  const readable = (value: unknown): value is string =>
    typeof value === 'string' && value.length <= 2048;
  const brokers = source[BROKER_FIELD];
  if (readable(brokers)) picked.brokers = parseBrokerList(brokers);
  for (const field of TEXT_FIELDS) {
    if (field === 'password' && !allowPassword) continue;
    const value = source[field];
    if (readable(value)) picked[field] = value;
  }
  return picked;
}

function fromQuery(query: URLSearchParams): Partial_ {
  const picked: Partial_ = {};
  const broker = query.get('broker');
  if (broker !== null) picked.brokers = parseBrokerList(broker);
  const names: [string, TextField][] = [
    ['username', 'username'],
    ['prefix', 'topicPrefix'],
    ['catalogue', 'catalogueUrl'],
  ];
  for (const [name, field] of names) {
    const value = query.get(name);
    if (value !== null) picked[field] = value;
  }
  return picked;
}

/** Whether two sets of settings say the same. */
function sameSettings(one: ConsoleSettings, other: ConsoleSettings): boolean {
  return (
    sameBrokers(one.brokers, other.brokers) &&
    TEXT_FIELDS.every((field) => one[field] === other[field])
  );
}

export interface ResolvedSettings {
  /** What the console connects with: `npm run fleet`'s presets over what was saved. */
  settings: ConsoleSettings;
  /** What the page's link asks for instead, for the operator to confirm; null: nothing new. */
  fromLink: ConsoleSettings | null;
}

/**
 * `npm run fleet`'s presets win over what was saved; a served password stays only with the
 * broker it was served for. The link's settings are proposed, never applied: with another
 * broker they carry neither the password nor the user name (unless the link names one).
 */
export function resolveSettings({
  query,
  served,
  saved,
}: {
  query: URLSearchParams;
  served: unknown;
  saved: unknown;
}): ResolvedSettings {
  const presets = pick(served, true);
  const settings: ConsoleSettings = { ...DEFAULT_SETTINGS, ...pick(saved, false), ...presets };
  if (!brokersWithin(settings.brokers, presets.brokers ?? NO_BROKERS)) settings.password = '';
  const link = fromQuery(query);
  const proposed: ConsoleSettings = { ...settings, ...link };
  if (!brokersWithin(proposed.brokers, settings.brokers)) {
    proposed.password = '';
    proposed.username = link.username ?? '';
  }
  return { settings, fromLink: sameSettings(proposed, settings) ? null : proposed };
}

/** What a link would change, in the connection form's words, for the operator to check. */
export function linkChanges(
  settings: ConsoleSettings,
  fromLink: ConsoleSettings,
): { label: string; value: string }[] {
  const brokers = sameBrokers(fromLink.brokers, settings.brokers)
    ? []
    : [{ label: 'Broker', value: brokerListText(fromLink.brokers) || '(none)' }];
  const labels: [TextField, string][] = [
    ['username', 'User name'],
    ['topicPrefix', 'Topic prefix'],
    ['catalogueUrl', 'Catalogue URL'],
  ];
  return [
    ...brokers,
    ...labels
      .filter(([field]) => fromLink[field] !== settings[field])
      .map(([field, label]) => ({ label, value: fromLink[field] || '(none)' })),
  ];
}

/** What is kept across visits, as it is read back: never the password. */
export function settingsToSave({
  password: _password,
  brokers,
  ...rest
}: ConsoleSettings): Record<string, string> {
  return { [BROKER_FIELD]: brokerListText(brokers), ...rest };
}

export type SettingsProblems = Partial<Record<keyof ConsoleSettings, string>>;

export function checkSettings(settings: ConsoleSettings): SettingsProblems {
  const problems: SettingsProblems = {};
  const { brokers } = settings;
  if (brokers.length === 0 || !brokers.every((url) => /^wss?:\/\/[^\s/]+/.test(url))) {
    problems.brokers =
      'Enter the broker’s WebSockets URL, starting ws:// or wss:// (a cluster’s, separated by commas)';
  } else if (brokers.length > MAX_BROKER_URLS || new Set(brokers).size !== brokers.length) {
    problems.brokers = `Name each broker once, at most ${MAX_BROKER_URLS}`;
  }
  if (!isValidTopicPrefix(settings.topicPrefix)) {
    problems.topicPrefix =
      'Letters, digits, - and _ in segments separated by /, at most 64 characters';
  }
  if (!/^(\/|\.\/|https?:\/\/)/.test(settings.catalogueUrl)) {
    problems.catalogueUrl = 'Enter a path such as /api or an http(s) URL';
  }
  const key = settings.enrolmentPublicKey.trim();
  if (key !== '' && !isPublicKeyText(key)) {
    problems.enrolmentPublicKey =
      'Paste the public key npm run -s fleet:keygen -- --enrolment printed: 43 letters, digits, - and _';
  }
  if (holdDaysOf(settings) === null) {
    problems.holdDays = `Enter a whole number of days from 1 to ${MAX_HOLD_DAYS}`;
  }
  if (serviceBaseOf(settings) === null) {
    problems.shopServiceUrl =
      'Leave it empty (this page’s own address), or enter the service’s http(s) URL';
  }
  return problems;
}

/** The shop service's base URL ('' : this page's origin), or null when the setting is not one. */
export function serviceBaseOf(settings: Pick<ConsoleSettings, 'shopServiceUrl'>): string | null {
  const text = settings.shopServiceUrl.trim();
  if (text === '') return '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    return null;
  }
  return url.href.replace(/\/+$/, '');
}

/** The hold window in days, or null when the setting is not a whole number from 1 to 365. */
export function holdDaysOf(settings: Pick<ConsoleSettings, 'holdDays'>): number | null {
  const text = settings.holdDays.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const days = Number(text);
  return days >= 1 && days <= MAX_HOLD_DAYS ? days : null;
}

/** The catalogue base as an absolute URL without a trailing slash. */
export function catalogueBase(catalogueUrl: string, pageUrl: string): string {
  return new URL(catalogueUrl, pageUrl).href.replace(/\/+$/, '');
}
