/**
 * Whom the console serves: the operator, or a pickup counter. A counter logs in to the
 * broker as `counter-N` (the broker's ACL, docs/fleet/broker.md), which may read
 * certificates and keep handover records and nothing more: its console shows the counter
 * alone, never a fleet it cannot see nor commands and signed configuration it cannot send.
 */
import type { ConsoleView } from './use-hash-view';

export type ConsoleRole = 'operator' | 'counter';

const COUNTER_LOGIN = /^counter-[A-Za-z0-9_-]+$/;

export function consoleRole(username: string | undefined): ConsoleRole {
  return COUNTER_LOGIN.test(username?.trim() ?? '') ? 'counter' : 'operator';
}

/** The views a role is offered, in the header's order. */
export function viewsFor(role: ConsoleRole): readonly ConsoleView[] {
  return role === 'counter' ? ['counter'] : ['kiosks', 'enrolment', 'counter', 'rollouts'];
}

/** The view shown: the one asked for when the role is offered it, else the role's first. */
export function shownView(role: ConsoleRole, asked: ConsoleView): ConsoleView {
  const views = viewsFor(role);
  return views.includes(asked) ? asked : (views[0] ?? asked);
}
