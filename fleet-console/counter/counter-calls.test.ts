// @vitest-environment node
/**
 * The counter's questions to the shop service, and what staff are told of each answer. Any
 * answer that is not the service's own, whatever its status and body, is no answer: never
 * "hand over", never "already collected".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParameters } from '../../tests/support/fixtures/hostile-payloads';
import { answer, fakeService, UNREACHABLE } from '../test/fake-service';
import { hostileJson } from '../test/hostile-json';
import {
  HANDOVER_ID,
  sampleCheck,
  sampleConflict,
  sampleHandover,
  sampleRefusal,
} from '../test/service-samples';
import { checkAtService, handOverAtService, reportOffline } from './counter-calls';

const CODE = 'KSR1.code.signature';
const ours = sampleHandover({ handoverId: HANDOVER_ID, counter: 'Counter 1' });
const theirs = sampleHandover();
const offline = {
  code: CODE,
  handoverId: HANDOVER_ID,
  at: 1_700_000_100_000,
  mode: 'offline' as const,
};

describe('the counter’s questions to the shop service', () => {
  it('checks a code: the receipt and its handover, a refusal, no session, or no answer', async () => {
    const service = fakeService(() => answer(200, sampleCheck(theirs)));
    expect(await checkAtService(service, CODE)).toMatchObject({
      kind: 'checked',
      answer: { handover: { counter: 'Counter 2' }, certificate: { store: 'Main street' } },
    });
    expect(service.calls).toEqual([
      { method: 'POST', path: '/receipts/check', body: { code: CODE } },
    ]);
    expect(
      await checkAtService(
        fakeService(() => answer(422, sampleRefusal)),
        CODE,
      ),
    ).toMatchObject({
      kind: 'refused',
      refusal: { title: 'Certificate revoked' },
    });
    expect(
      await checkAtService(
        fakeService(() => answer(401, {})),
        CODE,
      ),
    ).toEqual({
      kind: 'signed-out',
    });
    expect(
      await checkAtService(
        fakeService(() => UNREACHABLE),
        CODE,
      ),
    ).toEqual(UNREACHABLE);
    expect(
      await checkAtService(
        fakeService(() => answer(200, { receipt: 1 })),
        CODE,
      ),
    ).toMatchObject({
      kind: 'unreachable',
      why: 'the shop service’s answer could not be read',
    });
  });

  it('hands over once: this handover recorded, or another counter’s found', async () => {
    const won = fakeService(() => answer(201, { outcome: 'handed-over', handover: ours }));
    expect(await handOverAtService(won, CODE, HANDOVER_ID)).toEqual({
      kind: 'handed-over',
      handover: ours,
    });
    expect(won.calls[0]?.body).toEqual({ code: CODE, handoverId: HANDOVER_ID });
    // Asked again after a lost answer: the same handover, still this counter's.
    const repeat = fakeService(() => answer(200, { outcome: 'handed-over', handover: ours }));
    expect(await handOverAtService(repeat, CODE, HANDOVER_ID)).toMatchObject({
      kind: 'handed-over',
    });
    const lost = fakeService(() =>
      answer(409, {
        outcome: 'already-collected',
        handover: theirs,
        error: 'already-collected',
        message: 'x',
      }),
    );
    expect(await handOverAtService(lost, CODE, HANDOVER_ID)).toEqual({
      kind: 'already-collected',
      handover: theirs,
    });
  });

  it('never tells staff to hand over on another handover’s record, nor that this one beat itself', async () => {
    const someoneElse = fakeService(() =>
      answer(201, { outcome: 'handed-over', handover: theirs }),
    );
    expect(await handOverAtService(someoneElse, CODE, HANDOVER_ID)).toMatchObject({
      kind: 'unreachable',
    });
    const itself = fakeService(() => answer(409, { outcome: 'already-collected', handover: ours }));
    expect(await handOverAtService(itself, CODE, HANDOVER_ID)).toMatchObject({
      kind: 'unreachable',
    });
  });

  it('reports a handover made offline: recorded, kept beside the first as a conflict, or never taken', async () => {
    const recorded = fakeService(() =>
      answer(201, { outcome: 'recorded', handover: { ...ours, mode: 'offline' } }),
    );
    expect(await reportOffline(recorded, offline)).toMatchObject({ kind: 'recorded' });
    expect(recorded.calls[0]).toEqual({
      method: 'POST',
      path: '/handovers/offline',
      body: offline,
    });
    const conflict = fakeService(() =>
      answer(201, { outcome: 'conflict', handover: theirs, conflict: sampleConflict() }),
    );
    expect(await reportOffline(conflict, offline)).toMatchObject({
      kind: 'conflict',
      conflict: { id: 7 },
    });
    expect(
      await reportOffline(
        fakeService(() => answer(422, sampleRefusal)),
        offline,
      ),
    ).toEqual({
      kind: 'not-taken',
      message: sampleRefusal.message,
    });
    const ahead = answer(400, {
      error: 'invalid-body',
      message: 'at: the handover is dated ahead.',
    });
    expect(
      await reportOffline(
        fakeService(() => ahead),
        offline,
      ),
    ).toEqual({
      kind: 'not-taken',
      message: 'at: the handover is dated ahead.',
    });
    // Not signed in, or no answer: kept, to be sent again.
    expect(
      await reportOffline(
        fakeService(() => answer(401, {})),
        offline,
      ),
    ).toEqual({
      kind: 'signed-out',
    });
    expect(
      await reportOffline(
        fakeService(() => UNREACHABLE),
        offline,
      ),
    ).toEqual(UNREACHABLE);
    expect(
      await reportOffline(
        fakeService(() => answer(429, { error: 'x', message: 'y' })),
        offline,
      ),
    ).toMatchObject({
      kind: 'unreachable',
    });
  });

  it('reads random and mutated answers of any status without throwing, and hands over only on a true one', async () => {
    const seeds = [
      sampleCheck(theirs),
      { outcome: 'handed-over', handover: ours },
      { outcome: 'already-collected', handover: theirs },
      { outcome: 'conflict', handover: theirs, conflict: sampleConflict() },
      sampleRefusal,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(200, 201, 400, 401, 409, 422, 429),
        hostileJson(seeds),
        async (status, body) => {
          const service = fakeService(() => answer(status, body));
          const handed = await handOverAtService(service, CODE, HANDOVER_ID);
          if (handed.kind === 'handed-over') {
            expect(handed.handover.handoverId).toBe(HANDOVER_ID);
            expect([200, 201]).toContain(status);
          }
          if (handed.kind === 'already-collected') {
            expect(handed.handover.handoverId).not.toBe(HANDOVER_ID);
            expect(status).toBe(409);
          }
          const checked = await checkAtService(service, CODE);
          if (checked.kind === 'checked') expect(status).toBe(200);
          const reported = await reportOffline(service, offline);
          if (reported.kind === 'recorded' || reported.kind === 'conflict') {
            expect([200, 201]).toContain(status);
          }
        },
      ),
      fuzzParameters(300),
    );
  }, 30_000);
});
