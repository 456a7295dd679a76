import { useId, useState } from 'react';
import { Field, TextField } from '../ui/field';
import type { RolloutPlan } from './engine/rollout-state';
import { DEFAULT_FIELDS, planFromFields, type RolloutFields } from './rollout-form';

type SetField = <K extends keyof RolloutFields>(name: K, value: RolloutFields[K]) => void;

interface PartProps {
  fields: RolloutFields;
  set: SetField;
}

/** One text field of the form, by name. */
function RolloutText({
  fields,
  set,
  name,
  mono = false,
  ...field
}: PartProps & {
  name: Exclude<keyof RolloutFields, 'what' | 'scope' | 'first'>;
  label: string;
  hint?: string;
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string;
  mono?: boolean;
}) {
  return (
    <TextField
      {...field}
      compact
      inputClassName={mono ? 'field w-full font-mono' : 'field w-full'}
      value={fields[name]}
      onChange={(value) => set(name, value)}
    />
  );
}

/** What the rollout delivers: config keys, or an app version. */
function WhatFields({ fields, set }: PartProps) {
  return (
    <>
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
      {/* Across the form: a config's JSON and a version read best on one wide line. */}
      <div className="sm:col-span-2">
        {fields.what === 'config' ? (
          <Field
            compact
            label="Config keys (JSON)"
            hint="Keys remote config may set, in the config file’s form."
          >
            {({ id, describedBy }) => (
              <textarea
                id={id}
                rows={3}
                className="field w-full py-2 font-mono"
                aria-describedby={describedBy}
                value={fields.configKeys}
                onChange={(e) => set('configKeys', e.target.value)}
              />
            )}
          </Field>
        ) : (
          <RolloutText
            fields={fields}
            set={set}
            name="version"
            label="App version"
            hint="Delivered as update.pinVersion; installed at the attract screen. The kiosks it reaches take it whatever stagingPercentage the feed names."
            placeholder="1.4.0"
            mono
          />
        )}
      </div>
    </>
  );
}

/** A choice among a few, by name. */
function RolloutChoice<K extends 'scope' | 'first'>({
  fields,
  set,
  name,
  label,
  options,
}: PartProps & {
  name: K;
  label: string;
  options: readonly (readonly [RolloutFields[K], string])[];
}) {
  return (
    <Field compact label={label}>
      {({ id }) => (
        <select
          id={id}
          className="field w-full"
          value={fields[name]}
          onChange={(e) => set(name, e.target.value as RolloutFields[K])}
        >
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * Whom it is for, and its steps: the first one and the later ones. Each choice sits with its
 * companion field across the whole form, so a select never cuts its words short in a
 * narrow card.
 */
function ReachFields({ fields, set }: PartProps) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:col-span-2">
        <RolloutChoice
          fields={fields}
          set={set}
          name="scope"
          label="For"
          options={[
            ['all', 'The whole fleet'],
            ['region', 'A region'],
            ['store', 'A store'],
          ]}
        />
        {fields.scope !== 'all' && (
          <RolloutText
            fields={fields}
            set={set}
            name="scopeName"
            label={fields.scope === 'region' ? 'Region' : 'Store'}
          />
        )}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:col-span-2">
        <RolloutChoice
          fields={fields}
          set={set}
          name="first"
          label="First step"
          options={[
            ['percentage', 'A percentage'],
            ['kiosks', 'Named canaries'],
          ]}
        />
        {fields.first === 'percentage' ? (
          <RolloutText
            fields={fields}
            set={set}
            name="firstPercent"
            label="First step (%)"
            inputMode="decimal"
          />
        ) : (
          <RolloutText fields={fields} set={set} name="canaries" label="Canary kiosk ids" mono />
        )}
      </div>
      <div className="sm:col-span-2">
        <RolloutText
          fields={fields}
          set={set}
          name="laterPercents"
          label="Then (%)"
          hint="Each later step, widened only after the gate passes; the last is always everyone."
        />
      </div>
    </>
  );
}

/** The health gate, and how long the configs it signs stay valid. */
function GateFields({ fields, set }: PartProps) {
  const numbers = [
    ['windowSeconds', 'Gate window (s)'],
    ['maxFailing', 'Failing kiosks allowed'],
    ['crashLoopRestarts', 'Restarts that are a crash loop'],
    ['validDays', 'Configs valid for (days)'],
  ] as const;
  return (
    <div className="grid grid-cols-2 items-end gap-3 sm:col-span-2 lg:grid-cols-4">
      {numbers.map(([name, label]) => (
        <RolloutText
          key={name}
          fields={fields}
          set={set}
          name={name}
          label={label}
          inputMode="numeric"
        />
      ))}
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
  const set: SetField = (name, value) => setFields((current) => ({ ...current, [name]: value }));

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
        <RolloutText fields={fields} set={set} name="title" label="Title" />
        <WhatFields fields={fields} set={set} />
        <ReachFields fields={fields} set={set} />
        <GateFields fields={fields} set={set} />
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
