/**
 * A kept page's check (src/app/first-screens/kept-screen-key.ts): a classic script in the head of
 * a page the service worker answered with a returning visitor's kept screen, built apart
 * from the app. Before the page paints, it compares the screen's key with the visit's storage
 * and hides the page when they differ, so the app renders in its place (main.tsx); and it
 * marks the page when React draws the screen again instead of taking it over, for the keeper
 * to have the worker drop it. Any failure hides the page. The page only fetches the app's
 * entry: this script starts it, once the kept screen has been shown.
 */
import { readRaw } from '@web-shared/lib/browser-storage';
import { checkKeptPage, startKeptApp } from './app/first-screens/kept-check';

startKeptApp(document, document.currentScript, checkKeptPage(document, readRaw));
