/**
 * After a session is wiped the kiosk waits for the next shopper: the landing page behind a
 * gentle call to action. The first touch only wakes the shop, so it cannot press whatever
 * lies underneath. The motion stops for shoppers who ask for reduced motion.
 */
export function AttractScreen({ onStart }: { onStart: () => void }) {
  return (
    <button
      type="button"
      autoFocus
      className="attract-screen fixed inset-0 z-50 flex cursor-pointer flex-col items-center justify-end bg-gradient-to-b from-white/0 via-white/40 to-brand-900/70 pb-[18vh] text-white"
      onClick={onStart}
    >
      <span className="attract-cta rounded-full bg-brand-700 px-12 py-6 text-4xl font-extrabold shadow-2xl ring-8 ring-white/60">
        Touch to start
      </span>
      <span className="mt-6 rounded-full bg-slate-900/70 px-6 py-2 text-xl font-semibold">
        Order here, pick up at the counter
      </span>
    </button>
  );
}
