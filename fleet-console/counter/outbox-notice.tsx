interface OutboxNoticeProps {
  /** Handovers made here that the shop service does not have yet. */
  waiting: number;
  /** Whether this browser keeps them (handover-outbox.ts); false: a reload loses them. */
  kept: boolean;
  /** Why the last send stopped short; null when nothing stopped it. */
  problem: string | null;
}

/**
 * What staff must know of the handovers this counter made that the shop service does not
 * have yet: that they are waiting (and why they were not sent), and, plainly, when this
 * browser cannot keep them, so that nobody closes the page and loses them without a word.
 */
export function OutboxNotice({ waiting, kept, problem }: OutboxNoticeProps) {
  if (waiting === 0) return null;
  const one = waiting === 1;
  const count = one ? '1 handover' : `${waiting} handovers`;
  if (!kept) {
    return (
      <p role="alert" className="rounded-xl bg-sale-50 p-4 font-semibold text-sale-700">
        This browser cannot keep the {count} made here that {one ? 'is' : 'are'} not at the shop
        service yet (its storage is full, or there are too many). Do not close or reload this page
        until {one ? 'it is' : 'they are'} sent, or {one ? 'it is' : 'they are'} lost and other
        counters will not know {one ? 'that order was' : 'those orders were'} collected. Note{' '}
        {one ? 'it' : 'them'} on paper meanwhile.
      </p>
    );
  }
  return (
    <p role="status" className="rounded-xl bg-amber-50 p-4 text-amber-900">
      {count} made here {one ? 'is' : 'are'} not at the shop service yet:{' '}
      {one ? 'it is' : 'they are'} sent as soon as it can be reached
      {problem === null ? '' : ` (${problem})`}.
    </p>
  );
}
