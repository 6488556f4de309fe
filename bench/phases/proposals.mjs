// Phase 7 of `npm run bench`: the proposals API side by side with the key-lookup floor: a
// company's content list (5,000 and 500 products) and a PATCH of 100 (and 10) blocks, over 16
// drafts of each size in turn.
export async function proposalWorkloads({ app }, { auth, companies, proposals }, { sideBySide }) {
  await sideBySide(
    [5000, 500].map((n) => [
      `content_list_${n}`,
      { url: `${app.base}/api/proposals/v3/content?company_id=${companies[n]}`, headers: auth },
    ]),
  );
  await sideBySide(
    [100, 10].map((n) => {
      const { uuids, company, blocks } = proposals[n];
      let next = 0;
      return [
        `proposal_patch_${n}`,
        {
          url: `${app.base}/api/proposals/v3/proposals/${uuids[0]}`,
          method: "PATCH",
          headers: auth,
          body: { company_id: company, blocks },
          setupRequest: (req) => ({ ...req, path: `/api/proposals/v3/proposals/${uuids[next++ % uuids.length]}` }),
        },
      ];
    }),
  );
}
