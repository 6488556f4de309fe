// Phase 4 of `npm run bench`: the big reads (bench/README.md, Method, "Big reads"): the whole
// project, cold, from the physical floor and warm, with the warm read's floor (the same bytes from
// memory by bare node:http), at 1 and 8 connections, a matching If-None-Match, and GET /courses/{id}.
import { loop, request } from "../load.mjs";
import { changeEveryCourse, P, say } from "./context.mjs";

export async function bigReads({ app, baseline, idle, rss }, { auth, api, mid, big, t2k, t20k }) {
  const bumpOf = (projectId) => {
    let n = 0;
    return () => changeEveryCourse(api, projectId, `bench bump ${n++}`);
  };

  // Cold reads of 20,000 blocks take a quarter of a second each, so they are few; warm reads are
  // cheap, so they get more samples than the 5 and 8 a cold run can afford.
  for (const [size, p, counts, warmCounts] of [
    ["2k", mid, { 1: 20, 8: 32 }, { 1: 100, 8: 160 }],
    ["20k", big, { 1: 5, 8: 8 }, { 1: 40, 8: 64 }],
  ]) {
    const url = `/api/authoring/projects/${p.id}`;
    for (const connections of [1, 8]) {
      await idle();
      say(`full tree ${size}, cold, ${connections} connection(s)`);
      P[`tree_${size}_cold_c${connections}`] = await loop({
        url: app.base + url,
        connections,
        total: counts[connections],
        headers: auth,
        before: bumpOf(p.id),
      });
      await idle();
      P[`tree_${size}_physical_c${connections}`] = await loop({
        url: baseline.base + url,
        connections,
        total: counts[connections],
        headers: auth,
      });
      await idle();
      // The first read after the last write fills any cache; its bytes are what the memory floor sends.
      const answer = await request(app.base + url, { headers: auth });
      P[`tree_${size}_warm_c${connections}`] = await loop({
        url: app.base + url,
        connections,
        total: warmCounts[connections],
        headers: auth,
      });
      // The warm read's floor: the same bytes from memory, sent by bare node:http (the baseline process).
      await request(`${baseline.base}/memory/tree_${size}`, { method: "PUT", rawBody: answer.body });
      await idle();
      P[`tree_${size}_memory_floor_c${connections}`] = await loop({
        url: `${baseline.base}/memory/tree_${size}`,
        connections,
        total: warmCounts[connections],
        headers: auth,
      });
      if (connections === 1) {
        // What a browser or an HTTP library gets: they accept gzip, and Next.js compresses the
        // cached body again on each request (a route handler cannot send bytes already encoded:
        // Next.js drops its Content-Encoding). Reported, no target.
        await idle();
        P[`tree_${size}_warm_gzip_c1`] = await loop({
          url: app.base + url,
          connections,
          total: size === "2k" ? 40 : 10,
          headers: { ...auth, "accept-encoding": "gzip" },
        });
      }
      P.rss_by_phase[`full tree ${size}, ${connections} conn (cold, floor, warm)`] = rss.phase();
    }
    const first = await request(app.base + url, { headers: auth });
    const etag = first.headers.etag;
    if (etag) {
      await idle();
      P[`tree_${size}_if_none_match`] = {
        etag,
        ...(await loop({ url: app.base + url, connections: 1, total: 10, headers: { ...auth, "if-none-match": etag } })),
      };
    } else P[`tree_${size}_if_none_match`] = { etag: null };
  }
  for (const [name, courseId] of [
    ["course_2k", t2k.courseId],
    ["course_1k", t20k.courseId],
  ]) {
    await idle();
    say(`GET /courses/{id} ${name}`);
    P[name] = await loop({ url: `${app.base}/api/authoring/courses/${courseId}`, connections: 1, total: 15, headers: auth });
  }
}
