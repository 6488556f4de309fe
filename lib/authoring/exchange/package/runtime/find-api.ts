// Runs in the learner's browser, inside the exported package (bundled into assets/player.js).

/** The SCORM 1.2 run-time API an LMS puts on a window named `API` (SCORM 1.2 RTE 3.3). */
export type Scorm12Api = {
  LMSInitialize(arg: ""): string;
  LMSFinish(arg: ""): string;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string;
  LMSCommit(arg: ""): string;
  LMSGetLastError(): string | number;
};

/** The SCORM 2004 run-time API an LMS puts on a window named `API_1484_11` (SCORM 2004 4th RTE 3.1). */
export type Scorm2004Api = {
  Initialize(arg: ""): string;
  Terminate(arg: ""): string;
  GetValue(element: string): string;
  SetValue(element: string, value: string): string;
  Commit(arg: ""): string;
  GetLastError(): string | number;
};

type ApiName = "API" | "API_1484_11";
type ApiFor<N extends ApiName> = N extends "API" ? Scorm12Api : Scorm2004Api;

/** ADL's discovery algorithm gives up after this many parents, so a loop of frames cannot hang the course. */
const MAX_PARENTS = 500;

/** The API on `win`, or null; a window of another origin throws on access and has none for us. */
function apiOn<N extends ApiName>(win: Window, name: N): ApiFor<N> | null {
  try {
    const api = (win as unknown as Record<string, unknown>)[name];
    return api && typeof api === "object" ? (api as ApiFor<N>) : null;
  } catch {
    return null;
  }
}

function parentOf(win: Window): Window | null {
  try {
    return win.parent && win.parent !== win ? win.parent : null;
  } catch {
    return null;
  }
}

/** `win` and its parents, nearest first, up to the limit. */
function searchUp<N extends ApiName>(start: Window, name: N): ApiFor<N> | null {
  let win: Window | null = start;
  for (let tries = 0; win && tries <= MAX_PARENTS; tries++) {
    const api = apiOn(win, name);
    if (api) return api;
    win = parentOf(win);
  }
  return null;
}

/**
 * Finds the LMS's SCORM API as the standards say: this window and its parents first, then the
 * window that opened this one and its parents (an LMS that launches the course in a pop-up).
 */
export function findScormApi<N extends ApiName>(name: N, win: Window = window): ApiFor<N> | null {
  const found = searchUp(win, name);
  if (found) return found;
  let opener: Window | null = null;
  try {
    opener = win.opener as Window | null;
  } catch {
    opener = null;
  }
  return opener ? searchUp(opener, name) : null;
}
