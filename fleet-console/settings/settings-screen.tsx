/**
 * The shop manager's settings for the pick screen and the board: when an order's timer
 * turns amber and red, how long a ready number stays on the board, the board's chime and
 * speech. Read from the service, checked here in words (settings-form.ts) and saved by an
 * operator login; a counter login sees them but is told who may change them. What the
 * service refuses is shown as it says it.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { z } from 'zod';
import { shopSettingsSchema } from '@shared/fleet/order-flow';
import { errorAnswerSchema, readAnswer } from '../service/service-answers';
import { useServiceSession } from '../service/service-session';
import { ServiceStatus } from '../service/service-status';
import { Field } from '../ui/field';
import { draftOf, readDraft, type DraftProblems, type SettingsDraft } from './settings-form';

const answerSchema = z.object({ settings: shopSettingsSchema });

type Loaded = { kind: 'loading' } | { kind: 'failed'; why: string } | { kind: 'ready' };

function MinutesField(props: {
  label: string;
  hint: string;
  value: string;
  problem: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={props.label} hint={props.hint} problem={props.problem}>
      {(control) => (
        <input
          id={control.id}
          className="field w-40 min-h-11"
          inputMode="decimal"
          value={props.value}
          disabled={props.disabled}
          aria-describedby={control.describedBy}
          aria-invalid={control.invalid}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

function Switch(props: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 font-semibold">
      <input
        type="checkbox"
        className="size-6"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      {props.label}
    </label>
  );
}

export function SettingsScreen() {
  const session = useServiceSession();
  const client = session.client;
  const mayChange = session.staff?.role === 'operator';
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [problems, setProblems] = useState<DraftProblems>({});
  const [outcome, setOutcome] = useState<{ kind: 'saved' | 'refused'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!client) return;
    void client.request('GET', '/shop-settings').then((reply) => {
      const answer =
        reply.kind === 'answer' && reply.status === 200
          ? readAnswer(answerSchema, reply.body)
          : null;
      if (answer) {
        setDraft(draftOf(answer.settings));
        setLoaded({ kind: 'ready' });
      } else {
        setLoaded({
          kind: 'failed',
          why: reply.kind === 'unreachable' ? reply.why : `the service answered ${reply.status}`,
        });
      }
    });
  }, [client]);

  const change = <K extends keyof SettingsDraft>(name: K, value: SettingsDraft[K]) => {
    setDraft((before) => (before ? { ...before, [name]: value } : before));
    setOutcome(null);
  };

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft || !client) return;
    const read = readDraft(draft);
    if (read.kind === 'problems') {
      setProblems(read.problems);
      setOutcome({ kind: 'refused', text: 'Nothing was saved: correct the fields marked.' });
      return;
    }
    setProblems({});
    setSaving(true);
    const reply = await client.request('POST', '/shop-settings', read.settings);
    setSaving(false);
    if (reply.kind === 'unreachable') {
      setOutcome({ kind: 'refused', text: `Nothing was saved: ${reply.why}.` });
      return;
    }
    const saved = reply.status === 200 ? readAnswer(answerSchema, reply.body) : null;
    if (saved) {
      setDraft(draftOf(saved.settings));
      setOutcome({
        kind: 'saved',
        text: 'Saved. Pick screens and boards use them from their next reconnect or reload.',
      });
      return;
    }
    const error = readAnswer(errorAnswerSchema, reply.body);
    setOutcome({
      kind: 'refused',
      text: `Nothing was saved: ${error?.message ?? `the service answered ${reply.status}`}`,
    });
  };

  const disabled = !mayChange || saving;
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Shop settings</h1>
        <a className="btn-secondary" href="/pick">
          Back to the pick screen
        </a>
      </header>
      <ServiceStatus />
      {!mayChange && (
        <p className="rounded-xl bg-amber-50 p-4 font-semibold text-amber-900">
          You are signed in as {session.staff?.name ?? 'someone'}, a counter login: only the shop’s
          manager (an operator login) may change these.
        </p>
      )}
      {loaded.kind === 'loading' && <p role="status">Reading the shop’s settings…</p>}
      {loaded.kind === 'failed' && (
        <p role="alert" className="font-semibold text-sale-700">
          The settings could not be read: {loaded.why}. Reload to try again.
        </p>
      )}
      {draft && (
        <form
          className="card flex flex-col gap-6 p-6"
          noValidate
          onSubmit={(event) => void save(event)}
        >
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 text-xl font-bold">Pick screen timers</legend>
            <MinutesField
              label="Amber after (minutes)"
              hint="An order’s timer turns amber this long after its shopper confirmed it."
              value={draft.pickAmberMinutes}
              problem={problems.pickAmberMinutes}
              disabled={disabled}
              onChange={(value) => change('pickAmberMinutes', value)}
            />
            <MinutesField
              label="Red after (minutes)"
              hint="And red this long after: later than amber."
              value={draft.pickRedMinutes}
              problem={problems.pickRedMinutes}
              disabled={disabled}
              onChange={(value) => change('pickRedMinutes', value)}
            />
          </fieldset>
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 text-xl font-bold">Ready board</legend>
            <MinutesField
              label="A ready number stays (minutes)"
              hint="A number leaves the board when handed over, or after this long ready."
              value={draft.boardReadyMinutes}
              problem={problems.boardReadyMinutes}
              disabled={disabled}
              onChange={(value) => change('boardReadyMinutes', value)}
            />
            <Switch
              label="Chime when a number is ready"
              checked={draft.boardChime}
              disabled={disabled}
              onChange={(value) => change('boardChime', value)}
            />
            <Switch
              label="Say the number aloud"
              checked={draft.boardSpeech}
              disabled={disabled}
              onChange={(value) => change('boardSpeech', value)}
            />
            <Field
              label="Languages to say it in"
              hint="Language tags separated by commas, up to 4, e.g. en-GB, de."
              problem={problems.boardSpeechLanguages}
            >
              {(control) => (
                <input
                  id={control.id}
                  className="field min-h-11"
                  value={draft.boardSpeechLanguages}
                  disabled={disabled}
                  autoComplete="off"
                  spellCheck={false}
                  aria-describedby={control.describedBy}
                  aria-invalid={control.invalid}
                  onChange={(event) => change('boardSpeechLanguages', event.target.value)}
                />
              )}
            </Field>
          </fieldset>
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className="btn-primary min-h-11" disabled={disabled}>
              {saving ? 'Saving…' : 'Save settings'}
            </button>
            <p
              role={outcome?.kind === 'refused' ? 'alert' : 'status'}
              className={
                outcome?.kind === 'refused' ? 'font-semibold text-sale-700' : 'font-semibold'
              }
            >
              {outcome?.text ?? ''}
            </p>
          </div>
        </form>
      )}
    </main>
  );
}
