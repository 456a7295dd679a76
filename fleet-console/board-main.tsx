import './console.css';
import { startStaffPage } from './lib/start-staff-page';

/** The ready board's entry (board.html): the page at the shop service's /board. */
startStaffPage(
  () => import('./board/board-screen').then((page) => page.BoardScreen),
  'The board could not be loaded. It tries again when the page is reloaded.',
);
