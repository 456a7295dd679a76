/**
 * Our returning visit with its service worker against the same visit with it blocked, and
 * the load after it in the same tabs: two figures from one set of alternating pairs, so the
 * worker's second load is timed in the very tabs whose first load it follows.
 */
import type { PairedFigure } from '../compare';

/** One tab's two loads of /products after the first visit: navigation start → first card. */
export interface ReturningLoads {
  returning: number;
  next: number;
}

export const WORKER_LABELS = {
  returning: 'ours: returning first card, with its service worker ÷ with it blocked',
  next: "ours: the next load (the worker's second), with it ÷ with it blocked",
} as const;

/** `ours`: the worker controlling the page; `peer`: the worker blocked (the pair's other side). */
export function workerFigures(samples: {
  ours: readonly ReturningLoads[];
  peer: readonly ReturningLoads[];
}): [PairedFigure, PairedFigure] {
  const figure = (
    id: 'sw-returning' | 'sw-returning-again',
    load: keyof ReturningLoads,
  ): PairedFigure => ({
    id,
    label: WORKER_LABELS[load],
    unit: 'ms',
    ours: samples.ours.map((loads) => loads[load]),
    peer: samples.peer.map((loads) => loads[load]),
  });
  return [figure('sw-returning', 'returning'), figure('sw-returning-again', 'next')];
}
