interface QueueNoticeProps {
  /** Handovers made here that the broker does not have yet. */
  queued: number;
  /** Whether this browser keeps them (handover-queue-store.ts); false: a reload loses them. */
  kept: boolean;
}

/**
 * What staff must know of the handovers this counter made that the broker does not have
 * yet: that they are waiting, and, plainly, when this browser cannot keep them, so that
 * nobody closes the page and loses them without a word.
 */
export function QueueNotice({ queued, kept }: QueueNoticeProps) {
  if (queued === 0) return null;
  const count = queued === 1 ? '1 handover' : `${queued} handovers`;
  if (!kept) {
    return (
      <p role="alert" className="rounded-xl bg-sale-50 p-4 font-semibold text-sale-700">
        This browser cannot keep the {count} made here that {queued === 1 ? 'is' : 'are'} not on the
        broker yet (its storage is full, or there are too many). Do not close or reload this page
        until the link returns and {queued === 1 ? 'it is' : 'they are'} sent, or{' '}
        {queued === 1 ? 'it is' : 'they are'} lost and other counters will not know{' '}
        {queued === 1 ? 'that order was' : 'those orders were'} collected. Note{' '}
        {queued === 1 ? 'it' : 'them'} on paper meanwhile.
      </p>
    );
  }
  return (
    <p role="status" className="rounded-xl bg-amber-50 p-4 text-amber-900">
      {count} made here {queued === 1 ? 'is' : 'are'} not on the broker yet:{' '}
      {queued === 1 ? 'it is' : 'they are'} sent as soon as the link returns.
    </p>
  );
}
