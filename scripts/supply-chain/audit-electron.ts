/**
 * `npm run audit:electron`: runs Electronegativity over the kiosk's sources and fails on
 * any finding not explained in electron/security-allowlist.json. The scanner reads source,
 * not out/, so a staged copy holds the Electron shell, the code it shares with the renderer,
 * the renderer and the index.html the kiosk really serves (with the runtime CSP that the
 * build and the app protocol inject).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import {
  kioskContentSecurityPolicy,
  rewriteCspMeta,
} from '../../electron/main/app-protocol/app-files';
import { APP_API_PATH } from '../../electron/main/app-protocol/app-origin';
import {
  auditFindings,
  parseAllowList,
  parseSarifReport,
  type SourceReader,
} from '../../tools/supply-chain/electronegativity-report';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm run audit:electron

Runs Electronegativity (through npx) over the kiosk's sources and fails on any finding not
explained in electron/security-allowlist.json. No options.`);

const ELECTRONEGATIVITY = '@doyensec/electronegativity@1.10.3';
const root = process.cwd();
const allowListPath = join(root, 'electron', 'security-allowlist.json');

function electronVersion(): string {
  const manifest = JSON.parse(
    readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

function stageSources(stage: string): void {
  for (const dir of ['electron', 'shared', 'src']) {
    cpSync(join(root, dir), join(stage, dir), { recursive: true });
  }
  cpSync(join(root, 'package.json'), join(stage, 'package.json'));
  // The CSP is injected at build time; scan the document as the kiosk serves it, with its
  // own embedded catalogue (app://shop/api, on the app's origin).
  const html = readFileSync(join(root, 'src', 'index.html'), 'utf8');
  mkdirSync(join(stage, 'served'));
  writeFileSync(
    join(stage, 'served', 'index.html'),
    rewriteCspMeta(html, kioskContentSecurityPolicy(APP_API_PATH)),
  );
}

/** The staged files the report names, for the findings' samples; nothing outside the stage. */
function stagedFileReader(stage: string): SourceReader {
  return (file) => {
    const path = resolve(stage, file);
    if (!path.startsWith(resolve(stage) + sep)) return null;
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return null;
    }
  };
}

function main(): number {
  const allowList = parseAllowList(JSON.parse(readFileSync(allowListPath, 'utf8')));
  const stage = mkdtempSync(join(tmpdir(), 'kiosk-electronegativity-'));
  try {
    stageSources(stage);
    const reportPath = join(stage, 'report.sarif');
    const args = ['-y', ELECTRONEGATIVITY, '-i', stage, '-r', '-v', 'false'];
    args.push('-e', electronVersion(), '-o', reportPath);
    console.log(`Running npx ${args.join(' ')}`);
    const run = spawnSync('npx', args, {
      encoding: 'utf8',
      shell: process.platform === 'win32',
      timeout: 10 * 60_000,
    });
    let report: unknown;
    try {
      report = JSON.parse(readFileSync(reportPath, 'utf8'));
    } catch {
      console.error(run.stdout, run.stderr);
      console.error(
        `audit:electron: Electronegativity wrote no report (exit ${run.status ?? 'none'}).`,
      );
      return 1;
    }
    const result = auditFindings(parseSarifReport(report, stagedFileReader(stage)), allowList);
    for (const { finding, entry } of result.allowed) {
      console.log(
        `allowed  ${finding.check} ${finding.file}:${finding.location} — ${entry.reason}`,
      );
    }
    for (const entry of result.unusedEntries) {
      console.log(
        `note     allow-list entry ${entry.check} ${entry.file} matched nothing; remove it? (${entry.sample})`,
      );
    }
    for (const finding of result.rejected) {
      console.error(
        `FINDING  ${finding.check} [${finding.level}] ${finding.file}:${finding.location} ${finding.description}`,
      );
      console.error(
        finding.sample === null
          ? '         sample: could not be read back from the scanned file'
          : `         sample: ${finding.sample}`,
      );
    }
    if (result.rejected.length > 0) {
      console.error(
        `audit:electron: ${result.rejected.length} finding(s) not in electron/security-allowlist.json. Fix them, or add an entry with their exact sample and a reason.`,
      );
      return 1;
    }
    console.log(
      `audit:electron: ${result.allowed.length} finding(s), all allow-listed with a reason.`,
    );
    return 0;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

process.exit(main());
