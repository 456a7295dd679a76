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

type TextKey = 'pickAmberMinutes' | 'pickRedMinutes' | 'boardReadyMinutes' | 'boardSpeechLanguages';
type SwitchKey = 'boardChime' | 'boardSpeech';

/** What each field of the draft is called and what it is for. */
const TEXT_FIELDS: Record<TextKey, { label: string; hint: string }> = {
  pickAmberMinutes: {
    label: 'Amber after (minutes)',
    hint: 'An order’s timer turns amber this long after its shopper confirmed it.',
  },
  pickRedMinutes: {
    label: 'Red after (minutes)',
    hint: 'And red this long after: later than amber.',
  },
  boardReadyMinutes: {
    label: 'A ready number stays (minutes)',
    hint: 'A number leaves the board when handed over, or after this long ready.',
  },
  boardSpeechLanguages: {
    label: 'Languages to say it in',
    hint: 'Language tags separated by commas, up to 4, e.g. en-GB, de.',
  },
};
const SWITCHES: Record<SwitchKey, string> = {
  boardChime: 'Chime when a number is ready',
  boardSpeech: 'Say the number aloud',
};

interface FieldProps<K> {
  name: K;
  editor: ShopSettingsEditor;
  draft: SettingsDraft;
  disabled: boolean;
}

/** A field typed in: minutes (a number pad on touch screens) or the speech's languages. */
function TextField({ name, editor, draft, disabled }: FieldProps<TextKey>) {
  const minutes = name !== 'boardSpeechLanguages';
  return (
    <Field {...TEXT_FIELDS[name]} problem={editor.problems[name]}>
      {(control) => (
        <input
          id={control.id}
          className={minutes ? 'field w-40 min-h-11' : 'field min-h-11'}
          {...(minutes
            ? { inputMode: 'decimal' as const }
            : { autoComplete: 'off', spellCheck: false })}
          value={draft[name]}
          disabled={disabled}
          aria-describedby={control.describedBy}
          aria-invalid={control.invalid}
          onChange={(event) => editor.change(name, event.target.value)}
        />
      )}
    </Field>
  );
}

function Switch({ name, editor, draft, disabled }: FieldProps<SwitchKey>) {
  return (
    <label className="flex min-h-11 items-center gap-3 font-semibold">
      <input
        type="checkbox"
        className="size-6"
        checked={draft[name]}
        disabled={disabled}
        onChange={(event) => editor.change(name, event.target.checked)}
      />
      {SWITCHES[name]}
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
  const { outcome, saving, save } = editor;
  const field = { editor, draft, disabled };
  return (
    <form
      className="card flex flex-col gap-6 p-6"
      noValidate
      onSubmit={(event) => void save(event)}
    >
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-xl font-bold">Pick screen timers</legend>
        <TextField name="pickAmberMinutes" {...field} />
        <TextField name="pickRedMinutes" {...field} />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-xl font-bold">Ready board</legend>
        <TextField name="boardReadyMinutes" {...field} />
        <Switch name="boardChime" {...field} />
        <Switch name="boardSpeech" {...field} />
        <TextField name="boardSpeechLanguages" {...field} />
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
