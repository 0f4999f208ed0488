// The data of `npm run bench:admin-scale`, made set-based in SQL (not through the services): people
// who signed up over a year, a catalogue of titles with episodes, the reading history (episode
// views, each person's place in each episode, time spent per day) and a year of coin purchases
// with the unlocks they paid for, each table's rows stored in the order the app would have written
// them (by time), since that order is what index scans over time meet on disk. Then the analytics tables are made from those events by the
// product's own recount (recountDailyCounts, which runs recountActivity), as a database kept
// before counting began would be.
import pg from "pg";
import { EMBEDDED_ISSUER_KEY } from "../apps/server/src/auth/identity.ts";
import { recountDailyCounts } from "../apps/server/src/modules/analytics/recount.ts";
import { checkLedger } from "../apps/server/src/modules/coins/ledger-check.ts";
import type { Platform } from "../apps/server/src/platform.ts";

export interface SeedOptions {
  people: number;
  titles: number;
  /** Episode views, five to a reading session. */
  views: number;
  purchases: number;
}

export interface SeedTimings {
  /** Step → seconds. */
  steps: Record<string, number>;
  /** The product's recount of the daily counts and every analytics table, seconds. */
  recountSeconds: number;
  totalSeconds: number;
  ledgerViolations: number;
}

/** The subject of the superadmin the benchmark signs in as. */
export const SUPERADMIN_SUBJECT = "admin-scale-superadmin";
/** Subjects of the seeded people: `scale-<n>`, n from 1. */
export const PERSON_SUBJECT_PREFIX = "scale-";

/** Words of a list written as text, one or more a line. */
const words = (text: string) => text.split(/\s+/).filter(Boolean);

const FIRST_NAMES = words(`
Amelia Olivia Isla Ava Mia Grace Freya Lily Emily Sophie Chloe Ella Hannah Zara Aisha Fatima
Amara Chiamaka Ngozi Adaeze Funmilayo Yetunde Folake Temitope Kemi Nkechi Ifeoma Zainab Halima
Priya Ananya Diya Saanvi Meera Lucia Sofia Valentina Camila Elena Ines Marta Yuki Hana Mei Lin
Sakura Aiko Leila Noor Yasmin Maya Nora Clara Julia Anna Eva Lena Ingrid Astrid Oliver George
Harry Noah Jack Leo Arthur Oscar Charlie Jacob Thomas James William Henry Samuel Daniel David
Joseph Michael Chinedu Emeka Obinna Tunde Segun Femi Kunle Babajide Ayodele Uche Ikenna Musa
Ibrahim Abdullahi Yusuf Kwame Kofi Arjun Rohan Vihaan Aditya Ravi Mateo Santiago Diego Pablo
Lucas Hugo Javier Kenji Haruto Ren Wei Jun Omar Ali Hassan Karim Elias Felix Jonas Lukas Erik
Nils Mateus Tomas Ivan Nikolai Alexei
`);

const LAST_NAMES = words(`
Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans Walker
White Roberts Green Hall Wood Jackson Clarke Okafor Okonkwo Adeyemi Adebayo Oluwaseun Nwosu Eze
Obi Chukwu Balogun Ogunleye Afolabi Bello Abubakar Mohammed Danjuma Mensah Owusu Boateng Asante
Patel Sharma Singh Kumar Gupta Reddy Iyer Nair Menon Das Garcia Martinez Rodriguez Lopez
Gonzalez Perez Sanchez Ramirez Torres Flores Rossi Russo Ferrari Esposito Bianchi Romano Tanaka
Suzuki Takahashi Watanabe Ito Yamamoto Nakamura Kobayashi Chen Wang Li Zhang Liu Yang Huang Zhao
Wu Kim Lee Park Choi Jung Nguyen Tran Pham Le Hoang Haddad Khan Rahman Hussain Ahmed Ali Mahmoud
Nasser Muller Schmidt Schneider Fischer Weber Meyer Wagner Becker Hoffmann Larsen Hansen Nielsen
Johansson Andersson Novak Kowalski Nowak Ivanova Petrov Silva Santos Oliveira Costa Pereira
Dubois Moreau Laurent
`);

const EMAIL_DOMAINS = words(`
gmail.com yahoo.com outlook.com icloud.com hotmail.com proton.me gmail.com gmail.com yahoo.co.uk
mail.com
`);

const TITLE_WORDS = words(`
Crimson Silent Hidden Last Broken Golden Midnight Secret Wild Lost Burning Frozen Forgotten
Shattered Eternal Hollow Wandering Sacred
`);
const TITLE_NOUNS = words(`
Crown Tide Garden Empire Letters Harbour Oath Kingdom Orchard Vow River Throne Sky Bride Heir
Lantern Covenant Archive Masquerade Alpha
`);

/** A deterministic number in [0, 1) from an integer and a salt: the same data at every run. */
const RANDOM_FUNCTION = `
  create function pg_temp.rnd(n bigint, salt int) returns float8 language sql immutable parallel safe as
  $$ select (hashint8(n * 1000003 + salt) & 2147483647)::float8 / 2147483648.0 $$`;

type Log = (message: string) => void;

/** Runs `load` with the table's indexes and primary or unique keys dropped, then builds them again. */
async function withoutIndexes(client: pg.Client, table: string, load: () => Promise<void>): Promise<void> {
  const { rows: keys } = await client.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
     where conrelid = $1::regclass and contype in ('p', 'u')
       and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.confrelid = $1::regclass)`,
    [table],
  );
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename = $1
       and indexname not in (select conname from pg_constraint where conrelid = $1::regclass)`,
    [table],
  );
  for (const key of keys) await client.query(`alter table ${table} drop constraint "${key.name}"`);
  for (const index of indexes) await client.query(`drop index "${index.name}"`);
  await load();
  for (const key of keys) {
    await client.query(`alter table ${table} add constraint "${key.name}" ${key.definition}`);
  }
  for (const index of indexes) await client.query(index.definition);
}

const sqlList = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ")}]`;

async function seedPeople(client: pg.Client, options: SeedOptions): Promise<void> {
  const firsts = sqlList(FIRST_NAMES);
  const lasts = sqlList(LAST_NAMES);
  const domains = sqlList(EMAIL_DOMAINS);
  // Sign-ups over the year before now, more of them lately (a growing platform).
  await client.query(`
    insert into users (issuer, subject, email, name, handle, role, age, created_at, updated_at)
    select '${EMBEDDED_ISSUER_KEY}', '${PERSON_SUBJECT_PREFIX}' || g,
      lower(f) || case g % 4 when 0 then '.' || lower(l) when 1 then lower(l) when 2 then '_' || lower(l)
        else '.' || left(lower(l), 1) end || (g % 997) || '@' || (${domains})[1 + g % ${EMAIL_DOMAINS.length}],
      f || ' ' || l,
      case g % 3 when 0 then lower(f) || lower(l) || g when 1 then lower(f) || '_' || lower(left(l, 3)) || g
        else lower(l) || '.' || lower(f) || g end,
      'user', 18, t, t
    from generate_series(1, ${options.people}) g,
      lateral (select (${firsts})[1 + floor(pg_temp.rnd(g, 1) * ${FIRST_NAMES.length})::int] as f,
                      (${lasts})[1 + floor(pg_temp.rnd(g, 2) * ${LAST_NAMES.length})::int] as l,
                      now() - interval '365 days' + sqrt(pg_temp.rnd(g, 3)) * interval '364 days' as t) person
    order by t`);
  await client.query(`
    insert into users (issuer, subject, email, name, handle, role, age, created_at, updated_at)
    values ('${EMBEDDED_ISSUER_KEY}', '${SUPERADMIN_SUBJECT}', 'admin@litverse.test', 'Scale Admin',
      'scaleadmin', 'superadmin', 18, now() - interval '400 days', now() - interval '400 days')`);
  await client.query(`
    create temp table seed_people as
    select substring(subject from ${PERSON_SUBJECT_PREFIX.length + 1})::int as n, id, created_at
    from users where subject like '${PERSON_SUBJECT_PREFIX}%';
    alter table seed_people add primary key (n)`);
  // Seven in ten have a profile row (made on their first edit or presence); one in five of those
  // chose a name of their own.
  await client.query(`
    insert into profiles (user_id, display_name, last_seen_at, created_at, updated_at)
    select id, case when pg_temp.rnd(n, 5) < 0.2 then split_part(u.name, ' ', 1) || ' ' || left(split_part(u.name, ' ', 2), 1) || '.' end,
      created_at + (now() - created_at) * pg_temp.rnd(n, 6), created_at, created_at
    from seed_people p join users u using (id, created_at) where pg_temp.rnd(n, 4) < 0.7
    order by created_at`);
}

async function seedCatalogue(client: pg.Client, options: SeedOptions): Promise<void> {
  const words = sqlList(TITLE_WORDS);
  const nouns = sqlList(TITLE_NOUNS);
  const lasts = sqlList(LAST_NAMES);
  const firsts = sqlList(FIRST_NAMES);
  // Books, comics, audiobooks and dramas, 10 to 60 episodes each; every second title sells its
  // episodes after the fifth for 10 coins.
  await client.query(`
    create temp table seed_titles as
    select g as n, gen_random_uuid() as id,
      (array['book','book','book','comic','comic','audiobook','audiobook','drama','book','comic'])[1 + g % 10] as content_type,
      10 + floor(pg_temp.rnd(g, 11) * 51)::int as episode_count,
      now() - interval '400 days' + pg_temp.rnd(g, 12) * interval '30 days' as published_at
    from generate_series(1, ${options.titles}) g`);
  await client.query(`
    insert into content (id, content_type, title, author, description, access_type, age_rating, status,
      published_at, genres, tags, language, release_status, created_at, updated_at)
    select id, content_type,
      'The ' || (${words})[1 + n % ${TITLE_WORDS.length}] || ' ' || (${nouns})[1 + (n / ${TITLE_WORDS.length}) % ${TITLE_NOUNS.length}] || case when n > ${TITLE_WORDS.length * TITLE_NOUNS.length} then ' ' || n else '' end,
      (${firsts})[1 + n % ${FIRST_NAMES.length}] || ' ' || (${lasts})[1 + (n * 7) % ${LAST_NAMES.length}],
      'A serial in ' || episode_count || ' parts.', 'free', (array[13, 16, 18])[1 + n % 3], 'published',
      published_at, array[(array['romance','fantasy','thriller','drama','mystery'])[1 + n % 5]], '{}', 'en',
      'ongoing', published_at, published_at
    from seed_titles`);
  await client.query(`
    create temp table seed_episodes as
    select t.n as title_n, e as number, gen_random_uuid() as id, t.id as content_id, t.content_type,
      case when t.n % 2 = 0 and e > 5 then 10 else 0 end as price
    from seed_titles t cross join generate_series(1, t.episode_count) e;
    create index on seed_episodes (title_n, number)`);
  await client.query(`
    insert into episodes (id, content_id, number, title, publish_at, release_announced_at, price_coins, payload,
      duration_ms, word_count, page_count, created_at, updated_at)
    select e.id, e.content_id, e.number, 'Episode ' || e.number,
      t.published_at + (e.number - 1) * interval '3 days', t.published_at + (e.number - 1) * interval '3 days',
      e.price,
      case e.content_type when 'book' then '{"kind":"book","file":"chapter.html","wordCount":2500,"images":[]}'::jsonb
        else jsonb_build_object('kind', e.content_type) end,
      case e.content_type when 'audiobook' then 1200000 when 'drama' then 120000 end,
      case when e.content_type = 'book' then 2500 end,
      case when e.content_type = 'comic' then 30 end,
      t.published_at, t.published_at
    from seed_episodes e join seed_titles t on t.n = e.title_n`);
}

/**
 * Reading sessions of five episode opens, seven minutes apart, in a row of one title. Seven in ten
 * people read at all, a few of them a great deal; a person reads most in the weeks after signing up.
 */
async function seedReading(client: pg.Client, options: SeedOptions, log: Log): Promise<void> {
  const sessions = Math.ceil(options.views / 5);
  const readers = Math.floor(options.people * 0.7);
  await client.query(`
    create temp table seed_sessions as
    select s, p.id as user_id, t.n as title_n, t.episode_count,
      1 + floor(pg_temp.rnd(s, 24) ^ 2 * t.episode_count)::int as first_episode,
      p.created_at + greatest(interval '0', now() - interval '40 minutes' - p.created_at) * pg_temp.rnd(s, 22) ^ 2 as started_at
    from generate_series(1, ${sessions}) s
    join seed_people p on p.n = 1 + (floor(pg_temp.rnd(s, 21) ^ 1.5 * ${readers})::bigint * 7919) % ${options.people}
    join seed_titles t on t.n = 1 + floor(pg_temp.rnd(s, 23) ^ 2 * ${options.titles})::int`);
  log(`  ${sessions} reading sessions`);
  await withoutIndexes(client, "episode_views", () =>
    client
      .query(`
        insert into episode_views (episode_id, content_id, user_id, viewed_at)
        select e.id, e.content_id, s.user_id,
          least(s.started_at + k * interval '7 minutes', now() - interval '1 minute')
        from seed_sessions s cross join generate_series(0, 4) k
        join seed_episodes e on e.title_n = s.title_n and e.number = least(s.first_episode + k, s.episode_count)
        order by 4 limit ${options.views}`)
      .then(() => log("  episode views stored; building their indexes")),
  );
  log("  the place of each person in each episode they opened");
  // Seven in eight finished; each credited six minutes.
  await withoutIndexes(client, "episode_progress", () =>
    client
      .query(`
        insert into episode_progress (user_id, episode_id, content_id, fraction, completed_at, credited_seconds,
          created_at, updated_at)
        select user_id, episode_id, content_id,
          case when finished then 1 else 0.5 end,
          case when finished then least(last_view + interval '6 minutes', now()) end,
          360, first_view, least(last_view + interval '6 minutes', now())
        from (select user_id, episode_id, content_id, min(viewed_at) as first_view, max(viewed_at) as last_view,
                (hashint8(extract(epoch from min(viewed_at))::bigint) & 7) <> 0 as finished
              from episode_views group by user_id, episode_id, content_id) opened
        order by first_view`)
      .then(() => undefined),
  );
  log("  time spent per person, day and title");
  await client.query(`
    insert into activity_time (user_id, day, content_id, kind, seconds, updated_at)
    select v.user_id, (v.viewed_at at time zone 'UTC')::date, v.content_id,
      case c.content_type when 'audiobook' then 'listen' when 'drama' then 'watch' else 'read' end,
      count(*) * 360, max(v.viewed_at)
    from episode_views v join content c on c.id = v.content_id
    group by 1, 2, 3, 4 order by 2`);
}

/**
 * A year of coin purchases by a quarter of the people (those who read most buy most), each
 * followed by unlocks of priced episodes that spend part of it. Written as the ledger writes
 * them: an entry of two postings each, wallet balances kept; checked by the ledger check after.
 */
async function seedPurchases(client: pg.Client, options: SeedOptions): Promise<void> {
  const readers = Math.floor(options.people * 0.7);
  const payers = Math.floor(options.people * 0.25);
  await client.query(`
    create temp table seed_purchases as
    select q, gen_random_uuid() as payment_id, gen_random_uuid() as entry_id, p.id as user_id,
      package.coins, package.usd_cents, pg_temp.rnd(q, 33) < 0.15 as naira,
      p.created_at + greatest(interval '0', now() - interval '1 hour' - p.created_at) * pg_temp.rnd(q, 32) as paid_at
    from generate_series(1, ${options.purchases}) q
    join seed_people p on p.n = 1 + (floor(pg_temp.rnd(q, 31) ^ 1.5 * ${Math.min(payers, readers)})::bigint * 7919) % ${options.people}
    cross join lateral (select case when r < 0.4 then 100 when r < 0.7 then 300 when r < 0.9 then 600 else 1500 end as coins,
        case when r < 0.4 then 99 when r < 0.7 then 299 when r < 0.9 then 499 else 999 end as usd_cents
      from (select pg_temp.rnd(q, 34) as r) chosen) package`);
  await client.query(`
    insert into ledger_accounts (kind, user_id, created_at)
    select 'purchased', user_id, min(paid_at) from seed_purchases group by user_id`);
  await client.query(`
    insert into ledger_entries (id, kind, user_id, idempotency_key, memo, created_at)
    select entry_id, 'purchase', user_id, 'payment:' || payment_id, 'Bought ' || coins || ' coins', paid_at
    from seed_purchases order by paid_at`);
  await client.query(`
    insert into payments (id, user_id, purpose, provider, provider_reference, amount_minor, currency, coins,
      status, credit_entry_id, paid_at, created_at, updated_at)
    select payment_id, user_id, 'coins', case when naira then 'paystack' else 'stripe' end, 'bench-' || q,
      case when naira then usd_cents * 1500 else usd_cents end, case when naira then 'NGN' else 'USD' end,
      coins, 'paid', entry_id, paid_at, paid_at - interval '1 minute', paid_at
    from seed_purchases order by paid_at`);
  await client.query(`
    insert into ledger_postings (entry_id, account_id, amount)
    select entry_id, (select id from ledger_accounts where kind = 'sales' and user_id is null), -coins from seed_purchases
    union all
    select s.entry_id, a.id, s.coins from seed_purchases s
    join ledger_accounts a on a.user_id = s.user_id and a.kind = 'purchased'`);
  // One unlock per 150 coins bought, of a priced episode, in the minutes after the purchase.
  await client.query(`
    create temp table seed_unlocks as
    select distinct on (user_id, episode_id) gen_random_uuid() as entry_id, user_id, episode_id, content_id,
      number, title_n, created_at
    from (select s.user_id, e.id as episode_id, e.content_id, e.number, e.title_n,
            least(s.paid_at + j * interval '3 minutes', now()) as created_at
          from seed_purchases s cross join generate_series(1, s.coins / 150) j
          join seed_titles t on t.n = 2 * (1 + floor(pg_temp.rnd(s.q * 16 + j, 41) ^ 2 * ${Math.floor(options.titles / 2)})::int)
          join seed_episodes e on e.title_n = t.n
            and e.number = 6 + floor(pg_temp.rnd(s.q * 16 + j, 42) * (t.episode_count - 5))::int) wanted
    order by user_id, episode_id, created_at`);
  await client.query(`
    insert into ledger_entries (id, kind, user_id, memo, created_at)
    select u.entry_id, 'unlock', u.user_id, 'Unlocked ' || c.title || ', episode ' || u.number, u.created_at
    from seed_unlocks u join content c on c.id = u.content_id order by u.created_at`);
  await client.query(`
    insert into ledger_postings (entry_id, account_id, amount)
    select u.entry_id, a.id, -10 from seed_unlocks u join ledger_accounts a on a.user_id = u.user_id and a.kind = 'purchased'
    union all
    select entry_id, (select id from ledger_accounts where kind = 'spending' and user_id is null), 10 from seed_unlocks`);
  await client.query(`
    insert into episode_unlocks (user_id, content_id, episode_id, kind, entry_id, created_at)
    select user_id, content_id, episode_id, 'coins', entry_id, created_at from seed_unlocks order by created_at`);
  // What the posting trigger keeps as postings arrive, set once for the whole load.
  await client.query(`
    update ledger_accounts a set balance = t.total
    from (select account_id, sum(amount)::int as total from ledger_postings group by account_id) t
    where t.account_id = a.id and a.kind in ('purchased', 'bonus')`);
}

/** Stores everything, then counts it the product's way. */
export async function seedAdminScale(
  platform: Platform,
  connectionString: string,
  options: SeedOptions,
  log: Log,
): Promise<SeedTimings> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const steps: Record<string, number> = {};
  const started = performance.now();
  const step = async (name: string, run: () => Promise<void>) => {
    log(`seeding: ${name}`);
    const start = performance.now();
    await run();
    steps[name] = Math.round((performance.now() - start) / 100) / 10;
  };
  try {
    // A bulk load: no waiting for each commit to reach the disk, room to sort and build indexes,
    // and no per-row foreign key and ledger triggers (the rows are made consistent; the ledger
    // check below proves the ledger is).
    await client.query(`set synchronous_commit = off; set work_mem = '256MB';
      set maintenance_work_mem = '1GB'; set session_replication_role = replica`);
    await client.query(RANDOM_FUNCTION);
    await step("people", () => seedPeople(client, options));
    await step("catalogue", () => seedCatalogue(client, options));
    await step("reading", () => seedReading(client, options, log));
    await step("purchases", () => seedPurchases(client, options));
    await client.query("set session_replication_role = origin");
    await step("analyze", async () => {
      await client.query("vacuum analyze");
    });
  } finally {
    await client.end();
  }
  const ledger = await checkLedger(platform.deps.db);
  if (ledger.violations.length > 0) {
    log(`ledger check: ${ledger.violations.length} violations, first: ${ledger.violations[0]?.detail}`);
  }
  log("recounting the daily counts and analytics tables (recountDailyCounts)");
  const recountStart = performance.now();
  await recountDailyCounts(platform.deps);
  const recountSeconds = Math.round((performance.now() - recountStart) / 100) / 10;
  const analyzer = new pg.Client({ connectionString });
  await analyzer.connect();
  await analyzer.query("vacuum analyze");
  await analyzer.end();
  return {
    steps,
    recountSeconds,
    totalSeconds: Math.round((performance.now() - started) / 100) / 10,
    ledgerViolations: ledger.violations.length,
  };
}

/** The tables the figures depend on: rows and size on disk (with indexes). */
const SIZED_TABLES = [
  "users",
  "profiles",
  "content",
  "episodes",
  "episode_views",
  "episode_progress",
  "activity_time",
  "payments",
  "ledger_accounts",
  "ledger_entries",
  "ledger_postings",
  "episode_unlocks",
  "daily_counts",
  "daily_active_people",
  "weekly_active_people",
  "monthly_active_people",
  "daily_active_segments",
  "cohort_weeks",
  "person_milestones",
  "title_daily",
  "episode_daily",
];

export interface DataSize {
  tables: Array<{ table: string; rows: number; bytes: number }>;
  databaseBytes: number;
}

export async function measureDataSize(connectionString: string): Promise<DataSize> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const tables: DataSize["tables"] = [];
    for (const table of SIZED_TABLES) {
      const { rows } = await client.query<{ rows: string; bytes: string }>(
        `select (select count(*) from ${table}) as rows, pg_total_relation_size('${table}') as bytes`,
      );
      tables.push({ table, rows: Number(rows[0]?.rows ?? 0), bytes: Number(rows[0]?.bytes ?? 0) });
    }
    const { rows } = await client.query<{ bytes: string }>(
      "select pg_database_size(current_database()) as bytes",
    );
    return { tables, databaseBytes: Number(rows[0]?.bytes ?? 0) };
  } finally {
    await client.end();
  }
}
