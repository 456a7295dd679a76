/**
 * The web build's early start (src/app/early-start.ts says what it does): a second entry,
 * loaded by index.html before the app's own (vite-plugins/early-start.mts adds it).
 */
import { startEarly } from './app/early-start';

startEarly();
