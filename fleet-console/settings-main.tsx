import './console.css';
import { startStaffPage } from './lib/start-staff-page';

/** The settings page's entry (settings.html): the page at the shop service's /settings. */
startStaffPage(
  () => import('./settings/settings-app').then((page) => page.SettingsApp),
  'The settings page could not be loaded. Check the connection to the shop service and reload.',
);
