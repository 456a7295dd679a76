/**
 * The shop's own settings for the pick screen and the board (shared/fleet/order-flow.ts's
 * shopSettingsSchema): one row per setting in shop_settings, over the defaults. Kept in the
 * database, not a flag, so every replica and every screen reads the same, and a manager
 * changes them without a restart. A value that no longer reads as its setting (a hand at
 * psql) counts as unset: the screens always get settings they can use.
 */
import type { Kysely } from 'kysely';
import {
  DEFAULT_SHOP_SETTINGS,
  shopSettingsSchema,
  type BoardSettings,
  type ShopSettings,
} from '../../../shared/fleet/order-flow';
import type { ShopTables } from '../db/tables';

export const SETTING_NAMES = Object.keys(DEFAULT_SHOP_SETTINGS) as (keyof ShopSettings)[];

const isSettingName = (name: string): name is keyof ShopSettings =>
  (SETTING_NAMES as string[]).includes(name);

export async function readSettings(db: Kysely<ShopTables>): Promise<ShopSettings> {
  const rows = await db.selectFrom('shop_settings').select(['name', 'value']).execute();
  const merged: Record<string, unknown> = { ...DEFAULT_SHOP_SETTINGS };
  for (const row of rows) {
    if (!isSettingName(row.name)) continue;
    const one = shopSettingsSchema.safeParse({ ...DEFAULT_SHOP_SETTINGS, [row.name]: row.value });
    // Alone over the defaults it may clash with its partner (red before amber): checked below.
    const clashOnly = one.error?.issues.every((issue) => issue.code === 'custom') ?? false;
    if (one.success || clashOnly) merged[row.name] = row.value;
  }
  const parsed = shopSettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  return {
    ...(merged as ShopSettings),
    pickAmberMinutes: DEFAULT_SHOP_SETTINGS.pickAmberMinutes,
    pickRedMinutes: DEFAULT_SHOP_SETTINGS.pickRedMinutes,
  };
}

export type SettingsChange =
  { kind: 'saved'; settings: ShopSettings } | { kind: 'invalid'; message: string };

/** Changes some settings, checked together with the others; `by` is who changed them. */
export async function changeSettings(
  db: Kysely<ShopTables>,
  change: Partial<ShopSettings>,
  by: string,
  now: number,
): Promise<SettingsChange> {
  return db.transaction().execute(async (trx) => {
    const next = shopSettingsSchema.safeParse({ ...(await readSettings(trx)), ...change });
    if (!next.success) {
      return {
        kind: 'invalid',
        message: next.error.issues.map((issue) => issue.message).join('; '),
      };
    }
    for (const name of Object.keys(change).filter(isSettingName)) {
      await trx
        .insertInto('shop_settings')
        .values({ name, value: JSON.stringify(next.data[name]), updated_at: now, updated_by: by })
        .onConflict((conflict) =>
          conflict.column('name').doUpdateSet({
            value: JSON.stringify(next.data[name]),
            updated_at: now,
            updated_by: by,
          }),
        )
        .execute();
    }
    return { kind: 'saved', settings: next.data };
  });
}

export function boardSettingsOf(settings: ShopSettings): BoardSettings {
  return {
    boardReadyMinutes: settings.boardReadyMinutes,
    boardChime: settings.boardChime,
    boardSpeech: settings.boardSpeech,
    boardSpeechLanguages: settings.boardSpeechLanguages,
  };
}
