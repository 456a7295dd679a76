/**
 * The rollouts' part in each broker session: every rollout's state, and what the health
 * gate needs of every kiosk (its status, health and config), folded into the rollout store
 * as each batch comes: a kiosk's status or health may decide a gate.
 */
import { route, type SessionFeature } from '../connection/message-routes';
import { ROLLOUT_KINDS, useRolloutStore } from './rollout-store';

export const rolloutFeature: SessionFeature = {
  open(settings) {
    useRolloutStore.getState().reset(settings.topicPrefix);
    return {
      routes: [route(ROLLOUT_KINDS, (messages) => useRolloutStore.getState().fold(messages))],
    };
  },
};
