// Peak resident memory of the app server under different settings, side by side: each variant
// starts the production build on a fresh PostgreSQL database with its environment, loads a
// 20,000-block project and a 5,000-product library, and reads them under load (bench/README.md,
// Memory). How SERVER_HEAP_MB was chosen.
//
//   node bench/memory.mjs '{"384 MB": {"SERVER_HEAP_MB": "384"}, "no limit": {"NODE_OPTIONS": "--max-old-space-size=8192"}}'
import pg from "pg";
import { client, signUpOwner, startApp, stopAll } from "./app.mjs";
import { insertProducts, insertTree, prepareIds } from "./data.mjs";
import { cannon, sampleRss, loop } from "./load.mjs";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const variants = JSON.parse(process.argv[2]);
for (const [name, env] of Object.entries(variants)) {
  const dbName = `bench_rss_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const app = await startApp({ env: { DATABASE_URL: dbUrl, ...env } });
  const rss = sampleRss(app.pid);
  const owner = await signUpOwner(app.base, 1);
  const auth = { authorization: `Bearer ${owner.key}` };
  const api = client(app.base, auth);
  const session = client(app.base, { cookie: owner.cookie });
  const project = (await api("POST", "/api/authoring/projects", { name: "R", workspace_id: owner.workspaceId })).id;
  const categoryId = (await api("POST", `/api/authoring/projects/${project}/categories`, { name: "P" })).id;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const q = async (sql, params) => (await db.query(sql, params)).rows;
  await prepareIds(q);
  await insertTree(q, { projectId: project, categoryId, prefix: "r:t", courses: 20, modules: 10, lessons: 10, blocks: 10 });
  const company = (await session("POST", "/api/proposals/v3/companies", { name: "R" })).data.id;
  await insertProducts(q, { companyId: company, prefix: "r:p", count: 5000 });
  const phases = { setup: rss.phase() };
  let n = 0;
  await loop({
    url: `${app.base}/api/authoring/projects/${project}`,
    connections: 8,
    total: 8,
    headers: auth,
    before: () => api("PATCH", `/api/authoring/projects/${project}`, { description: `x${n++}` }),
  });
  phases.tree20k_8 = rss.phase();
  phases.auth_rps = (await cannon({ url: `${app.base}/api/bench/auth`, connections: 16, duration: 5, headers: auth })).rps;
  phases.floor_auth = rss.phase();
  phases.content_rps = (
    await cannon({ url: `${app.base}/api/proposals/v3/content?company_id=${company}`, connections: 16, duration: 5, headers: auth })
  ).rps;
  phases.content_5000 = rss.phase();
  let m = 0;
  const t = await loop({
    url: `${app.base}/api/authoring/projects/${project}`,
    connections: 1,
    total: 5,
    headers: auth,
    before: () => api("PATCH", `/api/authoring/projects/${project}`, { description: `y${m++}` }),
  });
  phases.tree20k_cold_p50 = t.p50;
  console.log(name, JSON.stringify(phases), "peak", rss.stop());
  await app.stop();
  await db.end();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
}
stopAll();
