/**
 * The shop manager's settings for the pick screen and the board: when an order's timer
 * turns amber and red, how long a ready number stays on the board, the board's chime and
 * speech. Read from the service, checked here in words (settings-form.ts) and saved by an
 * operator login; a counter login sees them but is told who may change them. What the
 * service refuses is shown as it says it.
 */
import { useServiceSession } from '../service/service-session';
import { ServiceStatus } from '../service/service-status';
import { Field } from '../ui/field';
import type { SettingsDraft } from './settings-form';
import { useShopSettings, type ShopSettingsEditor } from './use-shop-settings';

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

/** The form itself: the timers, the board's time, chime and speech, and Save. */
function SettingsForm({
  editor,
  draft,
  disabled,
}: {
  editor: ShopSettingsEditor;
  draft: SettingsDraft;
  disabled: boolean;
}) {
  const { problems, outcome, saving, change, save } = editor;
  return (
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
          className={outcome?.kind === 'refused' ? 'font-semibold text-sale-700' : 'font-semibold'}
        >
          {outcome?.text ?? ''}
        </p>
      </div>
    </form>
  );
}

export function SettingsScreen() {
  const session = useServiceSession();
  const mayChange = session.staff?.role === 'operator';
  const editor = useShopSettings(session.client);
  const { loaded, draft, saving } = editor;
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
      {draft && <SettingsForm editor={editor} draft={draft} disabled={disabled} />}
    </main>
  );
}
