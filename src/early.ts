/**
 * The web build's early start (src/app/early-start.ts says what it does): a second entry,
 * built on its own and written inline into index.html before the app's own script
 * (vite-plugins/early-start.mts).
 */
import { startEarly } from './app/early-start';

startEarly();
