import './console.css';
import { startStaffPage } from './lib/start-staff-page';

/** The pick screen's entry (pick.html): the page at the shop service's /pick. */
startStaffPage(
  () => import('./pick/pick-app').then((page) => page.PickApp),
  'The pick screen could not be loaded. Check the connection to the shop service and reload.',
);
