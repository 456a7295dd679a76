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
      className="attract-screen fixed inset-0 z-50 flex cursor-pointer flex-col items-center justify-center gap-6 bg-slate-900/55 p-6 text-white backdrop-blur-[2px]"
      onClick={onStart}
    >
      <span className="attract-cta rounded-full bg-brand-700 px-12 py-6 text-center text-4xl font-extrabold shadow-2xl ring-8 ring-white/70">
        Touch to start
      </span>
      <span className="rounded-full bg-slate-900/80 px-6 py-2 text-center text-xl font-semibold">
        Order here, pick up at the counter
      </span>
    </button>
  );
}
