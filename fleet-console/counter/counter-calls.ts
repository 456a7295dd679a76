/**
 * The counter's three questions to the shop service, each answer read into what staff are
 * told. The service decides: it checks the receipt itself (signature, certificate,
 * revocation, hold window) and records the handover under a unique key per receipt, so of
 * two counters pressing Hand over at once exactly one is told to hand over. Anything the
 * counter cannot read as an answer is no answer (`unreachable`): staff then decide, and
 * nothing is taken for a yes.
 *
 *   POST /receipts/check     {code}                        → the receipt, and its handover if any
 *   POST /handovers          {code, handoverId}            → handed over here, or already collected
 *   POST /handovers/offline  {code, handoverId, at, mode}  → recorded, or kept beside the first
 */
import type { ServiceClient, ServiceReply } from '../service/service-client';
import {
  alreadyCollectedAnswerSchema,
  checkAnswerSchema,
  errorAnswerSchema,
  handedOverAnswerSchema,
  offlineAnswerSchema,
  readAnswer,
  refusalAnswerSchema,
  type CheckAnswer,
  type Conflict,
  type Handover,
  type RefusalAnswer,
} from '../service/service-answers';

/** Not an answer about the receipt: staff decide, or the page asks for a login. */
export type NoAnswer = { kind: 'unreachable'; why: string } | { kind: 'signed-out' };

export type Refused = { kind: 'refused'; refusal: RefusalAnswer };

export type CheckOutcome = { kind: 'checked'; answer: CheckAnswer } | Refused | NoAnswer;

export type HandOverOutcome =
  | { kind: 'handed-over'; handover: Handover }
  | { kind: 'already-collected'; handover: Handover }
  | Refused
  | NoAnswer;

export type ReportOutcome =
  | { kind: 'recorded'; handover: Handover }
  | { kind: 'conflict'; handover: Handover; conflict: Conflict }
  /** The service will never take it (its message says why): sending again is no use. */
  | { kind: 'not-taken'; message: string }
  | NoAnswer;

const UNREADABLE: NoAnswer = {
  kind: 'unreachable',
  why: 'the shop service’s answer could not be read',
};

/** What every call makes of a reply that is not its own answer. */
function otherwise(reply: ServiceReply): Refused | NoAnswer {
  if (reply.kind === 'unreachable') return reply;
  if (reply.status === 401) return { kind: 'signed-out' };
  const refusal = reply.status === 422 ? readAnswer(refusalAnswerSchema, reply.body) : null;
  return refusal ? { kind: 'refused', refusal } : UNREADABLE;
}

export async function checkAtService(client: ServiceClient, code: string): Promise<CheckOutcome> {
  const reply = await client.request('POST', '/receipts/check', { code });
  const answer =
    reply.kind === 'answer' && reply.status === 200
      ? readAnswer(checkAnswerSchema, reply.body)
      : null;
  return answer ? { kind: 'checked', answer } : otherwise(reply);
}

export async function handOverAtService(
  client: ServiceClient,
  code: string,
  handoverId: string,
): Promise<HandOverOutcome> {
  const reply = await client.request('POST', '/handovers', { code, handoverId });
  if (reply.kind === 'answer' && (reply.status === 200 || reply.status === 201)) {
    const won = readAnswer(handedOverAnswerSchema, reply.body);
    if (won && won.handover.handoverId === handoverId) {
      return { kind: 'handed-over', handover: won.handover };
    }
    return UNREADABLE;
  }
  if (reply.kind === 'answer' && reply.status === 409) {
    const lost = readAnswer(alreadyCollectedAnswerSchema, reply.body);
    // Never "already collected" by this very handover: that would be a misread answer.
    if (lost && lost.handover.handoverId !== handoverId) {
      return { kind: 'already-collected', handover: lost.handover };
    }
    return UNREADABLE;
  }
  return otherwise(reply);
}

export interface OfflineHandover {
  code: string;
  handoverId: string;
  at: number;
  mode: 'offline' | 'override';
}

export async function reportOffline(
  client: ServiceClient,
  { code, handoverId, at, mode }: OfflineHandover,
): Promise<ReportOutcome> {
  const reply = await client.request('POST', '/handovers/offline', { code, handoverId, at, mode });
  if (reply.kind === 'answer' && (reply.status === 200 || reply.status === 201)) {
    const answer = readAnswer(offlineAnswerSchema, reply.body);
    if (!answer) return UNREADABLE;
    return answer.outcome === 'recorded'
      ? { kind: 'recorded', handover: answer.handover }
      : { kind: 'conflict', handover: answer.handover, conflict: answer.conflict };
  }
  const other = otherwise(reply);
  if (other.kind === 'refused') return { kind: 'not-taken', message: other.refusal.message };
  if (other.kind === 'unreachable' && reply.kind === 'answer' && reply.status >= 400) {
    // A refusal of the request itself (a handover dated ahead, an id used for another
    // receipt): the same request would be refused again.
    const error = readAnswer(errorAnswerSchema, reply.body);
    if (error && reply.status !== 429) return { kind: 'not-taken', message: error.message };
  }
  return other;
}
