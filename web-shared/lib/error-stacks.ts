/**
 * React DOM makes a handful of Error objects while its module runs (the markers it throws to
 * suspend a render). Each new Error records the stack it was made on, and with DevTools
 * attached (as on every page a test or bench drives, or staff looking into a console)
 * Chromium then works out the source position of every function on that stack: for React DOM
 * that means parsing its 200 KB module body and its whole chunk a second time, 20–40 ms of
 * one main-thread task before anything is drawn. A browser without DevTools does none of
 * that (a startup trace shows no such work), so this changes nothing a user sees; it keeps
 * the benches measuring what a user's browser does (docs/performance.md). V8 records no stack
 * for an Error made while `Error.stackTraceLimit` is unset, so the console's pages load
 * their modules with it unset and put it back once they have run: an error thrown in that
 * window still carries its message.
 */
const LIMIT = 'stackTraceLimit';

const hasLimit = (): boolean => Object.prototype.hasOwnProperty.call(Error, LIMIT);

/** Unsets `Error.stackTraceLimit`; the function returned puts the page's value back. */
export function pauseErrorStacks(): () => void {
  if (!hasLimit()) return () => undefined;
  const limit: unknown = Reflect.get(Error, LIMIT);
  Reflect.deleteProperty(Error, LIMIT);
  return () => {
    // Something that set its own limit meanwhile keeps it.
    if (!hasLimit()) Reflect.set(Error, LIMIT, limit);
  };
}

/** Runs `load` (a module's import) with error stacks paused, and resumes them however it ends. */
export async function withoutErrorStacks<T>(load: () => Promise<T>): Promise<T> {
  const resume = pauseErrorStacks();
  try {
    return await load();
  } finally {
    resume();
  }
}
