import { useId, useState, type ReactNode } from 'react';
import type { RolloutPlan } from '@shared/fleet/rollout-state';
import { DEFAULT_FIELDS, planFromFields, type RolloutFields } from './rollout-form';

function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children(id)}
      {hint && <p className="text-sm text-muted">{hint}</p>}
    </div>
  );
}

export function StartRolloutForm({
  canStart,
  onStart,
}: {
  canStart: boolean;
  onStart: (plan: RolloutPlan) => Promise<void>;
}) {
  const titleId = useId();
  const [fields, setFields] = useState<RolloutFields>(DEFAULT_FIELDS);
  const [problems, setProblems] = useState<string[]>([]);
  const set = <K extends keyof RolloutFields>(name: K, value: RolloutFields[K]) =>
    setFields((current) => ({ ...current, [name]: value }));

  const submit = async () => {
    const result = planFromFields(fields, Date.now());
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    setProblems([]);
    await onStart(result.plan);
    setFields(DEFAULT_FIELDS);
  };

  return (
    <section aria-labelledby={titleId} className="card flex flex-col gap-4 p-5">
      <h2 id={titleId} className="text-lg font-bold">
        Start a rollout
      </h2>
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label="Title">
          {(id) => (
            <input
              id={id}
              className="field w-full"
              value={fields.title}
              onChange={(e) => set('title', e.target.value)}
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-semibold">What</legend>
          <div className="flex flex-wrap gap-4">
            {(['config', 'version'] as const).map((what) => (
              <label key={what} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="rollout-what"
                  className="size-5"
                  checked={fields.what === what}
                  onChange={() => set('what', what)}
                />
                {what === 'config' ? 'Config keys' : 'App version'}
              </label>
            ))}
          </div>
        </fieldset>
        {fields.what === 'config' ? (
          <Field
            label="Config keys (JSON)"
            hint="Keys remote config may set, in the config file’s form."
          >
            {(id) => (
              <textarea
                id={id}
                rows={3}
                className="field w-full py-2 font-mono"
                value={fields.configKeys}
                onChange={(e) => set('configKeys', e.target.value)}
              />
            )}
          </Field>
        ) : (
          <Field
            label="App version"
            hint="Delivered as update.pinVersion; installed at the attract screen. The kiosks it reaches take it whatever stagingPercentage the feed names."
          >
            {(id) => (
              <input
                id={id}
                className="field w-full font-mono"
                placeholder="1.4.0"
                value={fields.version}
                onChange={(e) => set('version', e.target.value)}
              />
            )}
          </Field>
        )}
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-1">
          <Field label="For">
            {(id) => (
              <select
                id={id}
                className="field w-full"
                value={fields.scope}
                onChange={(e) => set('scope', e.target.value as RolloutFields['scope'])}
              >
                <option value="all">The whole fleet</option>
                <option value="region">A region</option>
                <option value="store">A store</option>
              </select>
            )}
          </Field>
          {fields.scope !== 'all' && (
            <Field label={fields.scope === 'region' ? 'Region' : 'Store'}>
              {(id) => (
                <input
                  id={id}
                  className="field w-full"
                  value={fields.scopeName}
                  onChange={(e) => set('scopeName', e.target.value)}
                />
              )}
            </Field>
          )}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-1">
          <Field label="First step">
            {(id) => (
              <select
                id={id}
                className="field w-full"
                value={fields.first}
                onChange={(e) => set('first', e.target.value as RolloutFields['first'])}
              >
                <option value="percentage">A percentage</option>
                <option value="kiosks">Named canaries</option>
              </select>
            )}
          </Field>
          {fields.first === 'percentage' ? (
            <Field label="First step (%)">
              {(id) => (
                <input
                  id={id}
                  inputMode="decimal"
                  className="field w-full"
                  value={fields.firstPercent}
                  onChange={(e) => set('firstPercent', e.target.value)}
                />
              )}
            </Field>
          ) : (
            <Field label="Canary kiosk ids">
              {(id) => (
                <input
                  id={id}
                  className="field w-full font-mono"
                  value={fields.canaries}
                  onChange={(e) => set('canaries', e.target.value)}
                />
              )}
            </Field>
          )}
        </div>
        <Field
          label="Then (%)"
          hint="Each later step, widened only after the gate passes; the last is always everyone."
        >
          {(id) => (
            <input
              id={id}
              className="field w-full"
              value={fields.laterPercents}
              onChange={(e) => set('laterPercents', e.target.value)}
            />
          )}
        </Field>
        <div className="grid grid-cols-2 items-end gap-3 sm:col-span-2 lg:grid-cols-4">
          <Field label="Gate window (s)">
            {(id) => (
              <input
                id={id}
                inputMode="numeric"
                className="field w-full"
                value={fields.windowSeconds}
                onChange={(e) => set('windowSeconds', e.target.value)}
              />
            )}
          </Field>
          <Field label="Failing kiosks allowed">
            {(id) => (
              <input
                id={id}
                inputMode="numeric"
                className="field w-full"
                value={fields.maxFailing}
                onChange={(e) => set('maxFailing', e.target.value)}
              />
            )}
          </Field>
          <Field label="Restarts that are a crash loop">
            {(id) => (
              <input
                id={id}
                inputMode="numeric"
                className="field w-full"
                value={fields.crashLoopRestarts}
                onChange={(e) => set('crashLoopRestarts', e.target.value)}
              />
            )}
          </Field>
          <Field label="Configs valid for (days)">
            {(id) => (
              <input
                id={id}
                inputMode="numeric"
                className="field w-full"
                value={fields.validDays}
                onChange={(e) => set('validDays', e.target.value)}
              />
            )}
          </Field>
        </div>
        {problems.length > 0 && (
          <ul
            role="alert"
            className="list-disc pl-5 text-sm font-semibold text-sale-700 sm:col-span-2"
          >
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={!canStart}>
            Start the rollout
          </button>
          {!canStart && (
            <p className="mt-1 text-sm text-muted">Load the config key and connect first.</p>
          )}
        </div>
      </form>
    </section>
  );
}
