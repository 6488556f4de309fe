// Phase 8 of `npm run bench`: the pages in Chromium (bench/browser.mjs; bench/README.md, Method,
// "Pages"), then typing in the proposal editor (bench/editor-typing.mjs), unless --no-browser.
import { flags, results, say } from "./context.mjs";

export async function measurePagesPhase({ app, idle }, { owner, plainLesson, diagramLesson, lessonText, small, big, proposals }) {
  if (!flags.has("--no-browser")) {
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
