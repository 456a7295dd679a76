/**
 * The shop's settings as the settings screen holds them: read once from the service, edited
 * as text, checked in words before anything is sent (settings-form.ts), and saved, with what
 * the service said in words.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { z } from 'zod';
import { shopSettingsSchema } from '@shared/fleet/order-flow';
import { errorAnswerSchema, readAnswer } from '../service/service-answers';
import type { ServiceClient } from '../service/service-client';
import { draftOf, readDraft, type DraftProblems, type SettingsDraft } from './settings-form';

const answerSchema = z.object({ settings: shopSettingsSchema });

export type Loaded = { kind: 'loading' } | { kind: 'failed'; why: string } | { kind: 'ready' };

export interface Outcome {
  kind: 'saved' | 'refused';
  text: string;
}

export interface ShopSettingsEditor {
  loaded: Loaded;
  draft: SettingsDraft | null;
  problems: DraftProblems;
  outcome: Outcome | null;
  saving: boolean;
  change: <K extends keyof SettingsDraft>(name: K, value: SettingsDraft[K]) => void;
  save: (event: SubmitEvent<HTMLFormElement>) => Promise<void>;
}

export function useShopSettings(client: ServiceClient | null): ShopSettingsEditor {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [problems, setProblems] = useState<DraftProblems>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
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

  return { loaded, draft, problems, outcome, saving, change, save };
}
