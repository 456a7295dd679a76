import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyMessages, emptyFleet } from '../../fleet/fleet-state';
import { useFleetStore } from '../../fleet/fleet-store';
import { health, message, online, PREFIX } from '../../test/messages';
import { formatClock, formatClockToTheSecond } from '../../lib/format';
import { KioskDetails } from './kiosk-details';

/** The kiosks as the broker worker posts them after these messages. */
function received(messages: Parameters<typeof applyMessages>[1]) {
  const { kiosks } = applyMessages(emptyFleet(), messages, PREFIX);
  useFleetStore.getState().setView({ kiosks: [...kiosks.values()] });
}

/** The details of kiosk k1 after its status and this health (without pendingRelaunch: older). */
function showHealth(overrides: Record<string, unknown>, older = false) {
  const message = health('k1', overrides);
  if (older) {
    const body = JSON.parse(new TextDecoder().decode(message.payload)) as Record<string, unknown>;
    const { pendingRelaunch: _none, ...rest } = body;
    message.payload = new TextEncoder().encode(JSON.stringify(rest));
  }
  received([online('k1'), message]);
  render(<KioskDetails kioskId="k1" onClose={() => undefined} />);
  return screen.getByText('Pending relaunch').closest('div')?.textContent;
}

describe('a kiosk’s details', () => {
  beforeAll(() => {
    // happy-dom has no layout: the panel's scroll into view does nothing here.
    Element.prototype.scrollIntoView = () => undefined;
  });
  afterEach(() => {
    cleanup();
    useFleetStore.getState().reset();
  });

  it('name the keys a kiosk has taken but runs without until it relaunches', () => {
    const row = showHealth({ pendingRelaunch: ['catalogueUrl', 'update.pinVersion'] });
    expect(row).toBe('Pending relaunchcatalogueUrl, update.pinVersion');
  });

  it('say nothing waits when the list is empty', () => {
    expect(showHealth({ pendingRelaunch: [] })).toBe('Pending relaunchNothing');
  });

  it('show a dash for a kiosk too old to say', () => {
    expect(showHealth({}, true)).toBe('Pending relaunch—');
  });

  it('show a dash, not the text, for a list that breaks the schema', () => {
    expect(showHealth({ pendingRelaunch: ['<b>forged</b>'] })).toBe('Pending relaunch—');
  });

  it('show the last lost link the kiosk reported when it came back, and a dash before any', () => {
    showHealth({});
    const row = () => screen.getByText('Last lost link').closest('div')?.textContent;
    expect(row()).toBe('Last lost link—');
    cleanup();
    const lostAt = Date.parse('2026-11-23T10:05:00.000Z');
    const report = message('kiosks/k1/status', {
      state: 'offline',
      lostAt: new Date(lostAt).toISOString(),
      reportedAt: new Date(lostAt + 2500).toISOString(),
    });
    received([online('k1'), report, online('k1')]);
    render(<KioskDetails kioskId="k1" onClose={() => undefined} />);
    expect(row()).toBe(
      `Last lost link${formatClockToTheSecond(lostAt)}, offline 2.5 s (reported by the kiosk when it came back)`,
    );
  });

  it('list the brokers a kiosk refused: which, why and when', () => {
    const at = '2026-11-23T08:00:00.000Z';
    showHealth({
      brokerRefusals: [
        {
          at,
          broker: 'mqtt://node-2.chain.example:1883',
          reason: 'an installed kiosk does not use plain mqtt:// to another machine',
        },
      ],
    });
    const list = screen.getByRole('heading', { name: 'Brokers refused' }).nextElementSibling;
    expect(list?.textContent).toBe(
      `mqtt://node-2.chain.example:1883: an installed kiosk does not use plain mqtt:// to another machine (${formatClock(Date.parse(at))})`,
    );
  });

  it('say nothing of refused brokers when none was refused', () => {
    showHealth({ brokerRefusals: [] });
    expect(screen.queryByRole('heading', { name: 'Brokers refused' })).toBeNull();
  });
});
