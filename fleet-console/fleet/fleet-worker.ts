/**
 * The broker worker's entry: the connection (connection/broker-worker.ts), with the fleet's
 * part of it, which keeps every kiosk's state (fleet-viewer.ts) and posts the page a view
 * of it (view-poster.ts): what the page draws, not the fleet. The page tells it the groups
 * each kiosk's certificate names, as it verifies them.
 */
import '../lib/schema-library';
import { runBrokerWorker } from '../connection/broker-worker';
import { isCertifiedChange, isFleetViewRequest } from './fleet-viewer';
import { createViewPoster } from './view-poster';

runBrokerWorker((answer) => {
  const views = createViewPoster({ post: answer });
  return {
    keep: (messages) => views.fold(messages),
    ask: (question) => {
      if (isFleetViewRequest(question)) views.ask(question);
      else if (isCertifiedChange(question)) views.certify(question);
    },
  };
});
