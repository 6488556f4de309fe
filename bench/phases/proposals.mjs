// Phase 7 of `npm run bench`: the proposals API side by side with its physical floor and the
// key-lookup floor: a company's content list (5,000 and 500 products) and a PATCH of 100 (and 10)
// blocks, over 16 drafts of each size in turn, each size in a group of its own.
export async function proposalWorkloads({ app, baseline }, { auth, companies, proposals }, { sideBySide }) {
  for (const n of [5000, 500]) {
    await sideBySide(
      [app.base, baseline.base].map((base, i) => [
        `content_list_${n}${i ? "_physical" : ""}`,
        { url: `${base}/api/proposals/v3/content?company_id=${companies[n]}`, headers: auth },
      ]),
    );
  }
  for (const n of [100, 10]) {
    const { uuids, company, blocks } = proposals[n];
    await sideBySide(
      [app.base, baseline.base].map((base, i) => {
        let next = 0;
        return [
          `proposal_patch_${n}${i ? "_physical" : ""}`,
          {
            url: `${base}/api/proposals/v3/proposals/${uuids[0]}`,
            method: "PATCH",
            headers: auth,
            body: { company_id: company, blocks },
            setupRequest: (req) => ({ ...req, path: `/api/proposals/v3/proposals/${uuids[next++ % uuids.length]}` }),
          },
        ];
      }),
    );
  }
}
