/**
 * The driver adapter Prisma's WebAssembly schema engine uses for `migrate dev`,
 * `migrate deploy` and `migrate diff` (see prisma.config.ts). Prisma 6.19.3 needs
 * four workarounds here (prisma/orm#27403), each marked below. The application
 * itself does not use this file: lib/platform/db/client.ts builds its own PrismaPg.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { poolConfigFromUrl } from "../lib/platform/db/connection";

// PostgreSQL catalog types the adapter cannot map: "char" (18) and name (19).
const CHAR_TYPE_ID = 18;
const NAME_TYPE_ID = 19;
const TEXT_TYPE_ID = 25;
// ColumnTypeEnum.Character of @prisma/driver-adapter-utils.
const CHARACTER_COLUMN_TYPE = 6;

type Field = { dataTypeID: number };
type QueryResult = { fields?: Field[]; rows?: unknown[] };
type Result = QueryResult | QueryResult[] | undefined;

/** Column positions that were `"char"`, keyed by the result's rows array. */
const charColumns = new WeakMap<object, number[]>();

function asText(result: Result): Result {
  const results = Array.isArray(result) ? result : result ? [result] : [];
  for (const r of results) {
    const chars: number[] = [];
    (r.fields ?? []).forEach((field, i) => {
      if (field.dataTypeID === CHAR_TYPE_ID) chars.push(i);
      if (field.dataTypeID === CHAR_TYPE_ID || field.dataTypeID === NAME_TYPE_ID) {
        field.dataTypeID = TEXT_TYPE_ID;
      }
    });
    if (chars.length > 0 && r.rows) charColumns.set(r.rows, chars);
  }
  return result;
}

type PgAdapter = Awaited<ReturnType<PrismaPg["connect"]>>;

/**
 * Two fixes on each connection the engine uses:
 * - The engine reads `"char"` catalog columns (pg_constraint.contype) as characters and
 *   panics ("unreachable") on text, so those columns go back to it as Character.
 * - Workaround 4: adapter-pg's executeScript splits a migration on every ";", which
 *   breaks function bodies and comments containing one. Send the whole script as one
 *   simple-protocol query instead (PostgreSQL runs it as one implicit transaction).
 */
function withCharacterColumns(adapter: PgAdapter): PgAdapter {
  adapter.executeScript = async (script: string) => {
    await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
  };
  const queryRaw = adapter.queryRaw.bind(adapter);
  adapter.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const i of charColumns.get(result.rows) ?? []) {
      result.columnTypes[i] = CHARACTER_COLUMN_TYPE as (typeof result.columnTypes)[number];
    }
    return result;
  };
  return adapter;
}

/**
 * Workaround 1: columns of type `name` and `"char"` make the engine fail with
 * "Column type 'name' could not be deserialized". Report them as text. pg's Pool
 * calls `client.query(config, values, callback)`, so patch the callback form too.
 */
class CatalogTextClient extends pg.Client {
  // pg's overloads do not survive a generic override; the shapes are checked at run time.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const last = args[args.length - 1];
    if (typeof last === "function") {
      const callback = last as (err: Error | null, res: Result) => void;
      args[args.length - 1] = (err: Error | null, res: Result) => callback(err, asText(res));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return (super.query as any)(...args);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const out = (super.query as any)(...args);
    return out && typeof out.then === "function" ? out.then(asText) : out;
  }
}

class MigrationAdapterFactory extends PrismaPg {
  constructor(private readonly poolConfig: pg.PoolConfig) {
    super(poolConfig);
  }

  override async connect() {
    return withCharacterColumns(await super.connect());
  }

  /**
   * Workaround 3: upstream drops the shadow database while its own pool is still
   * connected ("There is 1 other session using the database"). Close the shadow
   * pool first, then drop it WITH (FORCE).
   */
  override async connectToShadowDb() {
    const main = new pg.Pool({ ...this.poolConfig, max: 1 });
    const database = `prisma_shadow_${crypto.randomUUID().replaceAll("-", "")}`;
    await main.query(`CREATE DATABASE "${database}"`);
    const shadowFactory = new PrismaPg({ ...this.poolConfig, database });
    const shadow = withCharacterColumns(await shadowFactory.connect());
    const dispose = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await dispose();
      try {
        await main.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      } finally {
        await main.end();
      }
    };
    return shadow;
  }
}

export function migrationAdapter(databaseUrl: string) {
  // Workaround 2: discrete fields, never a connectionString (see poolConfigFromUrl).
  return new MigrationAdapterFactory({
    ...poolConfigFromUrl(databaseUrl),
    Client: CatalogTextClient,
  });
}
