/** The console interaction bench's budgets judged, and its figures as a table. Pure. */
import { BUDGETS } from '../budgets';
import { table } from '../report';
import type { Check } from '../results';
import type { ConsoleInteractionFigures } from './console-interactions';

const ms = (value: number): string => `${value.toFixed(1)} ms`;

export function consoleInteractionChecks(figures: ConsoleInteractionFigures): Check[] {
  const byCount: Partial<Record<number, number>> = BUDGETS.fleet.consoleInteractionMs;
  const limit = byCount[figures.kiosks];
  const kiosks = figures.kiosks.toLocaleString('en-US');
  return figures.interactions.map(({ interaction, inputToPaint }) => ({
    name: `console ${interaction} at ${kiosks} kiosks, input → next paint (median)`,
    measured: ms(inputToPaint.median),
    limit: limit === undefined ? 'none at this count' : `≤ ${limit} ms`,
    status: limit === undefined ? 'SKIP' : inputToPaint.median <= limit ? 'PASS' : 'FAIL',
  }));
}

export function consoleInteractionTable(figures: ConsoleInteractionFigures): string {
  return table(
    ['Kiosk list', 'median', 'p10', 'p90', 'max', 'runs'],
    figures.interactions.map(({ interaction, inputToPaint: s }) => [
      `${interaction} at ${figures.kiosks.toLocaleString('en-US')} kiosks`,
      ms(s.median),
      ms(s.p10),
      ms(s.p90),
      ms(s.max),
      String(s.runs),
    ]),
    ['left', 'right', 'right', 'right', 'right', 'right'],
  );
}
