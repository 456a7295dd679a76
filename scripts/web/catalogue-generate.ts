/**
 * npm run catalogue:generate -- --products 50000 [--out file.json] [--description-words N] [--seed N]
 * Writes a valid FakeStore catalogue (JSON array) to a file, or to stdout without --out.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateCatalogue } from '../../server/catalogue/generate-catalogue';
import { parseCount } from '../../shared/count-flag';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm run catalogue:generate -- --products N [--out FILE] [--description-words N] [--seed N]

Writes a valid FakeStore catalogue (a JSON array of N products) to FILE, or to stdout.`);

function main(): void {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '50000' },
      out: { type: 'string' },
      'description-words': { type: 'string' },
      seed: { type: 'string' },
    },
    strict: true,
  });
  const count = parseCount('products', values.products) ?? 50000;
  const started = performance.now();
  const products = generateCatalogue({
    count,
    seed: parseCount('seed', values.seed),
    descriptionWords: parseCount('description-words', values['description-words'], 1),
  });
  const json = JSON.stringify(products);
  if (values.out) {
    const file = resolve(values.out);
    writeFileSync(file, json);
    const ms = Math.round(performance.now() - started);
    console.error(
      `Wrote ${count} products (${(json.length / 1e6).toFixed(1)} MB) to ${file} in ${ms} ms`,
    );
  } else {
    process.stdout.write(json);
  }
}

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
