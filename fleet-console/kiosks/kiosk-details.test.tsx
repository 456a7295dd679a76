import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyMessages, emptyFleet } from '../fleet/fleet-state';
import { useFleetStore } from '../fleet/fleet-store';
import { health, online, PREFIX } from '../test/messages';
import { formatClock } from '../lib/format';
import { KioskDetails } from './kiosk-details';

/** The details of kiosk k1 after its status and this health (without pendingRelaunch: older). */
function showHealth(overrides: Record<string, unknown>, older = false) {
  const message = health('k1', overrides);
  if (older) {
    const body = JSON.parse(new TextDecoder().decode(message.payload)) as Record<string, unknown>;
    const { pendingRelaunch: _none, ...rest } = body;
    message.payload = new TextEncoder().encode(JSON.stringify(rest));
  }
  useFleetStore.getState().setFleet(applyMessages(emptyFleet(), [online('k1'), message], PREFIX));
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
