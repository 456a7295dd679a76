import { useId, useState, type ComponentProps, type SubmitEvent } from 'react';
import { useModalDialog } from '@web-shared/ui/use-modal-dialog';
import { TextField } from '../ui/field';
import { brokerListText, brokersWithin, parseBrokerList, type BrokerList } from './broker-list';
import { checkSettings, type ConsoleSettings, type SettingsProblems } from './console-settings';

interface ConnectionDialogProps {
  open: boolean;
  settings: ConsoleSettings;
  /** What the page's link would change, for the operator to check first; null: no link. */
  linkChanges?: { label: string; value: string }[] | null;
  onSave: (settings: ConsoleSettings) => void;
  onClose: () => void;
}

type TextSetting = Exclude<keyof ConsoleSettings, 'brokers'>;

/** The form's draft, what is wrong with it, and how a text setting changes. */
interface SettingsForm {
  draft: ConsoleSettings;
  problems: SettingsProblems;
  set: (name: TextSetting) => (value: string) => void;
}

/** One text setting's field: no spelling marks (URLs, keys, names). */
function SettingField({
  name,
  form,
  ...field
}: Omit<
  ComponentProps<typeof TextField>,
  'name' | 'problem' | 'spellCheck' | 'value' | 'onChange'
> & {
  name: TextSetting;
  form: SettingsForm;
}) {
  return (
    <TextField
      {...field}
      name={name}
      problem={form.problems[name]}
      value={form.draft[name]}
      onChange={form.set(name)}
      spellCheck={false}
    />
  );
}

/** What the page's link would change, for the operator to check before anything connects. */
function LinkNotice({ id, changes }: { id: string; changes: { label: string; value: string }[] }) {
  return (
    <div id={id} className="flex flex-col gap-2 rounded-lg bg-amber-50 p-4">
      <p className="font-semibold">The link you opened asks to change these settings:</p>
      <ul className="list-disc pl-5">
        {changes.map(({ label, value }) => (
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
  );
}

/** The counter's trust: the enrolment public key, the shop service, the hold window. */
function CounterFields({ form }: { form: SettingsForm }) {
  return (
    <fieldset className="flex flex-col gap-5 border-t border-slate-200 pt-4">
      <legend className="pt-4 text-lg font-bold">Counter</legend>
      <SettingField
        name="enrolmentPublicKey"
        label="Enrolment public key"
        hint="Receipts are trusted only from kiosks this key enrolled: paste what npm run -s fleet:keygen -- --enrolment printed. Never taken from the broker."
        autoComplete="off"
        form={form}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SettingField
          name="shopServiceUrl"
          label="Shop service"
          hint="Where receipts are checked and handovers kept. Empty: this page’s own address (the shop service serves it)."
          type="url"
          autoComplete="off"
          form={form}
        />
        <SettingField
          name="holdDays"
          label="Hold orders for (days)"
          hint="Older receipts are refused."
          inputMode="numeric"
          autoComplete="off"
          form={form}
        />
      </div>
    </fieldset>
  );
}

/**
 * The form's draft: each opening starts from the settings in force, whatever was typed and
 * cancelled before. The brokers are kept as typed and read into the list as they are typed;
 * the password that came with the settings follows the brokers it belongs to until one is
 * typed.
 */
function useSettingsDraft(open: boolean, settings: ConsoleSettings) {
  const [draft, setDraft] = useState(settings);
  const [brokerText, setBrokerText] = useState(() => brokerListText(settings.brokers));
  const [problems, setProblems] = useState<SettingsProblems>({});
  const [typedPassword, setTypedPassword] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setDraft(settings);
      setBrokerText(brokerListText(settings.brokers));
      setProblems({});
      setTypedPassword(false);
    }
  }
  /** The password that came with the settings belongs to their brokers, and to no other. */
  const passwordFor = (brokers: BrokerList) =>
    brokersWithin(brokers, settings.brokers) ? settings.password : '';
  const set = (name: TextSetting) => (value: string) => {
    if (name === 'password') setTypedPassword(true);
    setDraft((previous) => ({ ...previous, [name]: value }));
  };
  const setBrokers = (text: string) => {
    const brokers = parseBrokerList(text);
    setBrokerText(text);
    setDraft((previous) => ({
      ...previous,
      brokers,
      ...(typedPassword ? {} : { password: passwordFor(brokers) }),
    }));
  };
  /** The draft's problems, now shown; whether there are none. */
  const check = (): boolean => {
    const found = checkSettings(draft);
    setProblems(found);
    return Object.keys(found).length === 0;
  };
  const form: SettingsForm = { draft, problems, set };
  return { form, brokerText, setBrokers, check };
}

/**
 * The broker, credentials, topic prefix and catalogue, and the counter's trust: the
 * enrolment public key, the shop service and the hold window. The password is never
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
  const { form, brokerText, setBrokers, check } = useSettingsDraft(open, settings);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check()) onSave(form.draft);
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
        {linkChanges && <LinkNotice id={noticeId} changes={linkChanges} />}
        <TextField
          name="brokerUrl"
          label="Broker (MQTT over WebSockets)"
          hint="For example ws://127.0.0.1:9001 or wss://broker.example.com:8084/mqtt"
          type="url"
          autoComplete="url"
          spellCheck={false}
          problem={form.problems.brokers}
          value={brokerText}
          onChange={setBrokers}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SettingField name="username" label="User name" autoComplete="username" form={form} />
          <SettingField
            name="password"
            label="Password"
            type="password"
            hint="Kept only until this page closes."
            autoComplete="current-password"
            form={form}
          />
        </div>
        <SettingField
          name="topicPrefix"
          label="Topic prefix"
          hint="The kiosks’ fleet.topicPrefix."
          autoComplete="off"
          form={form}
        />
        <SettingField
          name="catalogueUrl"
          label="Catalogue URL"
          hint="Where the counter reads product titles: /api is the demo catalogue served by npm run fleet."
          autoComplete="off"
          form={form}
        />
        <CounterFields form={form} />
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
