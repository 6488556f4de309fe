// Phase 8 of `npm run bench`: the pages in Chromium (bench/browser.mjs; bench/README.md, Method,
// "Pages"), the recipient's page of a sent proposal of 100 blocks among them, then typing in the
// proposal editor (bench/editor-typing.mjs), unless --no-browser.
import { flags, results, say } from "./context.mjs";

/**
 * A proposal of 100 blocks sent as a salesperson sends one, through the API: the same blocks as
 * the PATCH drafts, with a title and a description. Answers its page and texts to find in its
 * HTML: the title, the description's words and the last block's description.
 */
export async function sentProposal(api, { company, blocks }) {
  const title = "Solar roof for the Lindqvist house";
  const description = "Everything the installation needs, from the panels to the permit.";
  const created = await api("POST", "/api/proposals/v3/proposals", {
    company_id: company,
    language: "en",
    title_md: title,
    description_md: description,
    blocks,
  });
  const { uuid } = created.proposal;
  const sent = (await api("POST", `/api/proposals/v3/proposals/${uuid}/send`, {})).data;
  return { path: `/p/${uuid}`, texts: [title, description, sent.blocks.at(-1).description] };
}

export async function measurePagesPhase({ app, idle }, { owner, api, plainLesson, diagramLesson, lessonText, small, big, proposals }) {
  if (!flags.has("--no-browser")) {
    const recipient = await sentProposal(api, proposals[100]);
    await idle();
    say("pages in Chromium");
    const { measurePages } = await import("../browser.mjs");
    results.pages = await measurePages({
      base: app.base,
      jar: owner.jar,
      lessonPlain: `/learn/lessons/${plainLesson.id}`,
      lessonDiagram: `/learn/lessons/${diagramLesson.id}`,
      lessonText,
      editorPath: `/projects/${small.id}/lessons/${plainLesson.id}`,
      treePath: `/projects/${big.id}`,
      recipient,
    }).catch((error) => ({ error: String(error.message ?? error) }));
    await idle();
    say("typing in the proposal editor");
    const { measureEditorTyping } = await import("../editor-typing.mjs");
    results.editor_typing = await measureEditorTyping({
      base: app.base,
      jar: owner.jar,
      drafts: { 100: proposals[100].uuids, 10: proposals[10].uuids },
      idle,
    })
      .then(({ raw: _raw, ...figures }) => figures)
      .catch((error) => ({ error: String(error.message ?? error) }));
  }
}
