/**
 * `staff …` and `token …`: adding staff logins and issuing tokens, against the same database
 * the service uses (--data or DATABASE_URL). With PGlite the service must be stopped first:
 * the data folder is one process's (data-lock.ts).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/database';
import { migratePlace } from '../db/migrate';
import type { StaffRole } from '../db/tables';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../staff/passwords';
import {
  addStaff,
  listStaff,
  setDisabled,
  setPassword,
  STAFF_NAME_PATTERN,
  USERNAME_PATTERN,
} from '../staff/staff-store';
import { issueToken, listTokens, revokeToken } from '../staff/tokens';
import { lockDataFolder } from './data-lock';
import { readPassword } from './read-password';
import { databasePlace } from './serve-options';

type Db = ReturnType<typeof openDatabase>['db'];

export interface CommandIo {
  out: (line: string) => void;
  password: (prompt: string) => Promise<string>;
  env: NodeJS.ProcessEnv;
  now: () => number;
}

const FLAGS = {
  name: { type: 'string' },
  role: { type: 'string' },
  days: { type: 'string' },
  data: { type: 'string' },
} as const;

function role(raw: string | undefined): StaffRole {
  if (raw === 'counter' || raw === 'operator') return raw;
  throw new Error('--role: counter or operator');
}

function displayName(raw: string | undefined): string {
  if (raw === undefined || !STAFF_NAME_PATTERN.test(raw)) {
    throw new Error('--name: the name staff see, 1–64 characters ("Counter 2")');
  }
  return raw;
}

function username(raw: string | undefined): string {
  if (raw === undefined || !USERNAME_PATTERN.test(raw)) {
    throw new Error('a username: lower-case letters, digits, ".", "_" or "-" (counter-2)');
  }
  return raw;
}

async function newPassword(io: CommandIo, user: string): Promise<string> {
  const password = await io.password(`Password for ${user}: `);
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new Error(
      `the password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
    );
  }
  return password;
}

type Values = { name?: string; role?: string; days?: string };
/** What a command does to the database, once its arguments (and password) are in hand. */
type Action = (db: Db) => Promise<void>;

async function staffAction(
  verb: string,
  args: string[],
  values: Values,
  io: CommandIo,
): Promise<Action> {
  if (verb === 'list') {
    return async (db) => {
      for (const one of await listStaff(db)) {
        const locked = one.lockedUntil !== null && one.lockedUntil > io.now();
        const state = one.disabled ? ' (disabled)' : locked ? ' (locked)' : '';
        io.out(`${one.username}\t${one.role}\t${one.name}${state}`);
      }
    };
  }
  const user = username(args[0]);
  if (verb === 'add') {
    const fields = { username: user, name: displayName(values.name), role: role(values.role) };
    const password = await newPassword(io, user);
    return async (db) => {
      if (!(await addStaff(db, { ...fields, password }, io.now()))) {
        throw new Error(`${user} already exists (staff passwd ${user} changes the password)`);
      }
      io.out(`added ${user} (${fields.role}, "${fields.name}")`);
    };
  }
  if (verb === 'passwd') {
    const password = await newPassword(io, user);
    return async (db) => {
      if (!(await setPassword(db, user, password))) throw new Error(`no login ${user}`);
      io.out(`password of ${user} changed; its sessions ended`);
    };
  }
  if (verb === 'disable' || verb === 'enable') {
    return async (db) => {
      if (!(await setDisabled(db, user, verb === 'disable'))) throw new Error(`no login ${user}`);
      io.out(`${user} ${verb}d`);
    };
  }
  throw new Error(`unknown staff command "${verb}"`);
}

function tokenAction(verb: string, args: string[], values: Values, io: CommandIo): Action {
  if (verb === 'issue') {
    const days = values.days === undefined ? null : Number(values.days);
    if (days !== null && !(Number.isInteger(days) && days >= 1 && days <= 3650)) {
      throw new Error('--days: 1 to 3650');
    }
    const fields = {
      name: displayName(values.name),
      role: role(values.role),
      expiresAt: days === null ? null : io.now() + days * 86_400_000,
    };
    return async (db) => {
      const issued = await issueToken(db, fields, io.now());
      io.out(`token ${issued.id} (shown once; keep it like a password):`);
      io.out(issued.token);
    };
  }
  if (verb === 'revoke') {
    const id = args[0] ?? '';
    return async (db) => {
      if (!(await revokeToken(db, id, io.now())))
        throw new Error('no such token, or already revoked');
      io.out(`token ${id} revoked`);
    };
  }
  if (verb === 'list') {
    return async (db) => {
      for (const token of await listTokens(db)) {
        const state = token.revoked_at !== null ? ' (revoked)' : '';
        io.out(`${token.id}\t${token.role}\t${token.name}${state}`);
      }
    };
  }
  throw new Error(`unknown token command "${verb}"`);
}

/** Runs `staff …` or `token …`; throws with a one-line reason. */
export async function runAdminCommand(argv: string[], io: CommandIo): Promise<void> {
  const [kind, verb = '', ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: FLAGS,
    strict: true,
    allowPositionals: true,
  });
  // Arguments and the password first: a mistake costs no database opening.
  const action =
    kind === 'staff'
      ? await staffAction(verb, positionals, values, io)
      : tokenAction(verb, positionals, values, io);
  const { database, dataDir } = databasePlace(values.data, io.env);
  const release = dataDir === null ? () => undefined : lockDataFolder(dataDir);
  const opened = openDatabase(database);
  try {
    await migratePlace(database, opened);
    await action(opened.db);
  } finally {
    await opened.close();
    release();
  }
}

export const stdinPassword = (prompt: string): Promise<string> => readPassword(prompt);
