import { useEffect, useState } from 'react';
import { Announcer } from '@web-shared/ui/announcer';
import { pageSubtle } from '../lib/page-crypto';
import { ConnectionDialog } from '../connection/connection-dialog';
import { DEFAULT_SETTINGS, linkChanges, serviceBaseOf } from '../connection/console-settings';
import { useBroker } from '../connection/use-broker';
import { useConsoleSettings } from '../connection/use-console-settings';
import { KiosksView } from '../kiosks/kiosks-view';
import { openService } from '../service/service-session';
import { ConsoleHeader } from './console-header';
import { consoleRole, shownView } from './console-role';
import { CounterView, EnrolmentView, LazyView, RolloutsView } from './lazy-views';
import { useCertifiedWiring } from './certified-wiring';
import { SESSION_PARTS } from './session-features';
import { useHashView } from './use-hash-view';

const TITLES = {
  kiosks: 'Kiosks',
  enrolment: 'Enrolment',
  counter: 'Counter',
  rollouts: 'Rollouts',
} as const;

export function ConsoleApp() {
  const { settings, fromLink, save, declineLink } = useConsoleSettings();
  // A link's settings connect nothing until the operator has answered them.
  useBroker(fromLink ? null : settings, SESSION_PARTS);
  const role = consoleRole(settings?.username);
  const view = shownView(role, useHashView());
  const [connectionOpen, setConnectionOpen] = useState(false);
  const shopServiceUrl = settings?.shopServiceUrl ?? null;
  useEffect(() => {
    if (shopServiceUrl !== null) openService(serviceBaseOf({ shopServiceUrl }));
  }, [shopServiceUrl]);
  const [subtle] = useState(pageSubtle);
  useCertifiedWiring(
    settings?.topicPrefix ?? null,
    settings?.enrolmentPublicKey.trim() ?? '',
    subtle,
  );

  useEffect(() => {
    document.title = `${TITLES[view]} · Fleet console · Kiosk Shop`;
  }, [view]);

  const openConnection = () => setConnectionOpen(true);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:p-3"
      >
        Skip to content
      </a>
      <ConsoleHeader
        view={view}
        role={role}
        username={settings?.username ?? ''}
        onOpenConnection={openConnection}
      />
      <main id="main" tabIndex={-1} className="min-h-[calc(100vh-4.5rem)] bg-slate-50 outline-none">
        {settings === null ? null : view === 'kiosks' ? (
          <KiosksView onOpenConnection={openConnection} />
        ) : (
          <LazyView>
            {view === 'enrolment' ? (
              <EnrolmentView settings={settings} onOpenConnection={openConnection} />
            ) : view === 'rollouts' ? (
              <RolloutsView />
            ) : (
              <CounterView settings={settings} />
            )}
          </LazyView>
        )}
      </main>
      <ConnectionDialog
        open={connectionOpen || fromLink !== null}
        settings={fromLink ?? settings ?? DEFAULT_SETTINGS}
        linkChanges={fromLink && settings ? linkChanges(settings, fromLink) : null}
        onSave={(next) => {
          save(next);
          setConnectionOpen(false);
        }}
        onClose={() => {
          if (fromLink) declineLink();
          setConnectionOpen(false);
        }}
      />
      <Announcer />
    </>
  );
}
