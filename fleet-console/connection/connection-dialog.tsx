import { useId, useState, type SubmitEvent } from 'react';
import { useModalDialog } from '@web-shared/ui/use-modal-dialog';
import {
  brokersWithin,
  checkSettings,
  type ConsoleSettings,
  type SettingsProblems,
} from './console-settings';

interface ConnectionDialogProps {
  open: boolean;
  settings: ConsoleSettings;
  /** What the page's link would change, for the operator to check first; null: no link. */
  linkChanges?: { label: string; value: string }[] | null;
  onSave: (settings: ConsoleSettings) => void;
  onClose: () => void;
}

interface FieldProps {
  name: keyof ConsoleSettings;
  label: string;
  hint?: string;
  type?: 'text' | 'password' | 'url';
  inputMode?: 'numeric';
  autoComplete: string;
  problems: SettingsProblems;
  value: string;
  onChange: (value: string) => void;
}

function Field({
  name,
  label,
  hint,
  type = 'text',
  inputMode,
  autoComplete,
  problems,
  value,
  onChange,
}: FieldProps) {
  const id = useId();
  const problem = problems[name];
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        className="field"
        value={value}
        autoComplete={autoComplete}
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <p id={`${id}-problem`} className="text-sm font-semibold text-sale-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * The broker, credentials, topic prefix and catalogue, and the counter's trust: the
 * enrolment public key, the hold window and this counter's name. The password is never
 * stored, and a password the operator did not type in this form goes only to the broker it
 * came with: changing the broker empties it. Opened by a link, it says what the link would
 * change, and nothing connects until the operator chooses Connect.
 */
export function ConnectionDialog({
  open,
  settings,
  linkChanges = null,
  onSave,
  onClose,
}: ConnectionDialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const noticeId = useId();
  const [draft, setDraft] = useState(settings);
  const [problems, setProblems] = useState<SettingsProblems>({});
  const [typedPassword, setTypedPassword] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  // Each opening starts from the settings in force, whatever was typed and cancelled before.
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setDraft(settings);
      setProblems({});
      setTypedPassword(false);
    }
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkSettings(draft);
    setProblems(found);
    if (Object.keys(found).length === 0) onSave(draft);
  };
  /** The password that came with the settings belongs to their brokers, and to no other. */
  const passwordFor = (brokerUrl: string) =>
    brokersWithin(brokerUrl, settings.brokerUrl) ? settings.password : '';
  const set = (name: keyof ConsoleSettings) => (value: string) => {
    if (name === 'password') setTypedPassword(true);
    const followsBroker = name === 'brokerUrl' && !typedPassword;
    setDraft((previous) => ({
      ...previous,
      [name]: value,
      ...(followsBroker ? { password: passwordFor(value) } : {}),
    }));
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={linkChanges ? noticeId : undefined}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/50"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form className="flex flex-col gap-5 p-6" onSubmit={submit} noValidate>
        <h2 id={titleId} className="text-xl font-bold">
          Connection
        </h2>
        {linkChanges && (
          <div id={noticeId} className="flex flex-col gap-2 rounded-lg bg-amber-50 p-4">
            <p className="font-semibold">The link you opened asks to change these settings:</p>
            <ul className="list-disc pl-5">
              {linkChanges.map(({ label, value }) => (
                <li key={label}>
                  {label}: <span className="break-all font-mono text-sm">{value}</span>
                </li>
              ))}
            </ul>
            <p>
              Nothing connects until you choose Connect. A password is never sent to a broker a link
              names: enter the one for that broker yourself. Cancel keeps your own settings.
            </p>
          </div>
        )}
        <Field
          name="brokerUrl"
          label="Broker (MQTT over WebSockets)"
          hint="For example ws://127.0.0.1:9001 or wss://broker.example.com:8084/mqtt"
          type="url"
          autoComplete="url"
          problems={problems}
          value={draft.brokerUrl}
          onChange={set('brokerUrl')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            name="username"
            label="User name"
            autoComplete="username"
            problems={problems}
            value={draft.username}
            onChange={set('username')}
          />
          <Field
            name="password"
            label="Password"
            type="password"
            hint="Kept only until this page closes."
            autoComplete="current-password"
            problems={problems}
            value={draft.password}
            onChange={set('password')}
          />
        </div>
        <Field
          name="topicPrefix"
          label="Topic prefix"
          hint="The kiosks’ fleet.topicPrefix."
          autoComplete="off"
          problems={problems}
          value={draft.topicPrefix}
          onChange={set('topicPrefix')}
        />
        <Field
          name="catalogueUrl"
          label="Catalogue URL"
          hint="Where the counter reads product titles: /api is the demo catalogue served by npm run fleet."
          autoComplete="off"
          problems={problems}
          value={draft.catalogueUrl}
          onChange={set('catalogueUrl')}
        />
        <fieldset className="flex flex-col gap-5 border-t border-slate-200 pt-4">
          <legend className="pt-4 text-lg font-bold">Counter</legend>
          <Field
            name="enrolmentPublicKey"
            label="Enrolment public key"
            hint="Receipts are trusted only from kiosks this key enrolled: paste what npm run -s fleet:keygen -- --enrolment printed. Never taken from the broker."
            autoComplete="off"
            problems={problems}
            value={draft.enrolmentPublicKey}
            onChange={set('enrolmentPublicKey')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              name="counterName"
              label="This counter’s name"
              hint="Shown at every counter for what it hands over."
              autoComplete="off"
              problems={problems}
              value={draft.counterName}
              onChange={set('counterName')}
            />
            <Field
              name="holdDays"
              label="Hold orders for (days)"
              hint="Older receipts are refused."
              inputMode="numeric"
              autoComplete="off"
              problems={problems}
              value={draft.holdDays}
              onChange={set('holdDays')}
            />
          </div>
        </fieldset>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary">
            Connect
          </button>
        </div>
      </form>
    </dialog>
  );
}
