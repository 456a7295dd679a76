import { describe, expect, it } from 'vitest';
import { planRelaunch, relaunchApp } from '../../../../electron/main/self-care/relaunch';
import { as, FakeApp } from '../../support/fake-electron';

describe('relaunch', () => {
  it('reads `--staff-pin VALUE` as config.ts does, and leaves a following flag alone', () => {
    expect(planRelaunch(['exe', '--staff-pin', '2468', '--kiosk'])).toEqual({
      args: ['--kiosk'],
      env: { SHOP_STAFF_PIN: '2468' },
    });
    expect(planRelaunch(['exe', '--staff-pin', '--kiosk'])).toEqual({
      args: ['--kiosk'],
      env: { SHOP_STAFF_PIN: '' },
    });
    expect(planRelaunch(['exe', '--staff-pinned=1'])).toEqual({
      args: ['--staff-pinned=1'],
      env: {},
    });
  });

  it('relaunches an AppImage by its own path, not the mount that goes away on exit', () => {
    const app = new FakeApp();
    relaunchApp(as(app), { args: ['--kiosk'], env: {} }, { APPIMAGE: '/opt/Kiosk.AppImage' });
    expect(app.relaunch).toHaveBeenCalledWith({
      args: ['--kiosk'],
      execPath: '/opt/Kiosk.AppImage',
    });
  });
});
