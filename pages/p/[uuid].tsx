import fs from "node:fs";
import path from "node:path";
import type { GetServerSideProps, PageConfig } from "next";
import Head from "next/head";
import { renderToString } from "react-dom/server";
import { ProposalNotFound } from "@/components/proposals/recipient/proposal-not-found";
import { RECIPIENT_DATA_ID, RECIPIENT_ROOT_ID, RecipientTree, type RecipientData } from "@/components/proposals/recipient/recipient-tree";
import { TooManyRequests } from "@/components/proposals/recipient/too-many-requests";
import { clientAddress } from "@/lib/api/client-address";
import { AppError } from "@/lib/api/errors";
import { RateLimitedError } from "@/lib/api/rate-limit";
import { Uuid } from "@/lib/api/schemas";
import { requestCaller, requestHeaders } from "@/lib/auth/request-session";
import { getDb } from "@/lib/db/client";
import { getPublicProposal } from "@/lib/proposals/public/public-proposal";

/*
 * The proposal as its customer opens it, from the link they were sent (docs/decisions/049).
 *
 * The one page the Pages Router serves, and without Next's scripts: a customer's first look at a
 * proposal downloads as little as it can, and the App Router's runtime alone is larger (133 KB
 * gzip) than this page's budget (120 KB). The server renders the page's tree to HTML here, and
 * writes its data beside it; the page's own script (components/proposals/recipient/hydrate.tsx,
 * React and these components, about 83 KB gzip) hydrates the same tree from the same root.
 * Styles and the document (the CSP nonce) are Next's (pages/_app.tsx, pages/_document.tsx).
 *
 * Rendered per request, and never cached: each request reads the current status and records the
 * view. An unknown link answers 404, and an address past its budget of reads 429 with Retry-After.
 */
export const config: PageConfig = { unstable_runtimeJS: false };

type Props =
  | { kind: "proposal"; title: string; html: string; data: string; script: string | null; nonce: string | null }
  | { kind: "too-many"; retryAfter: number }
  | { kind: "missing" };

export const getServerSideProps: GetServerSideProps<Props, { uuid: string }> = async ({ req, res, params }) => {
  res.setHeader("Cache-Control", "private, no-store");
  const uuid = params?.uuid ?? "";
  const missing = () => {
    res.statusCode = 404;
    return { props: { kind: "missing" as const } };
  };
  // A malformed id names nothing, as the API answers 404 for it.
  if (!Uuid.safeParse(uuid).success) return missing();
  try {
    const { proposal, isPreview, changes } = await getPublicProposal(await getDb(), uuid.toLowerCase(), {
      viewer: await requestCaller(req, res),
      address: clientAddress(requestHeaders(req)),
    });
    const data: RecipientData = { proposal, isPreview, changes };
    const nonce = req.headers["x-nonce"];
    return {
      props: {
        kind: "proposal" as const,
        title: `${proposal.title.trim() || "Proposal"} from ${proposal.company.name}`,
        html: renderToString(<RecipientTree {...data} />),
        // In a script element of type JSON: `<` escaped, so no text in it can close the element.
        data: JSON.stringify(data).replace(/</g, "\\u003c"),
        script: recipientScript(),
        nonce: typeof nonce === "string" ? nonce : null,
      },
    };
  } catch (error) {
    if (error instanceof RateLimitedError) {
      res.statusCode = 429;
      res.setHeader("Retry-After", String(error.retryAfter));
      return { props: { kind: "too-many" as const, retryAfter: error.retryAfter } };
    }
    if (error instanceof AppError && error.code === "not_found") return missing();
    throw error;
  }
};

let script: string | null | undefined;
/** The page script's address, from the manifest its build wrote (scripts/build-recipient-script.mjs); read once. */
function recipientScript(): string | null {
  if (script === undefined || process.env.NODE_ENV === "development") {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), "public/recipient/manifest.json"), "utf8"));
      script = typeof manifest.script === "string" ? manifest.script : null;
    } catch {
      // Not built: the page is still all there, only not interactive.
      console.error("The recipient page's script is missing: run `node scripts/build-recipient-script.mjs`.");
      script = null;
    }
  }
  return script ?? null;
}

/**
 * Starts the page's script once the server's HTML is on screen. A deferred script that arrives
 * before the first frame runs first (React's start-up and the hydration: 250 to 300 ms on the
 * benchmark's machine), and the customer sees nothing until it is done; one that runs while the
 * first frame is still being drawn slows the drawing on a machine with few cores. So the script
 * starts when the browser reports the first contentful paint, or 250 ms after the first frame
 * where it does not report paints. It downloads meanwhile (the page's preload link). A hidden tab paints
 * nothing: there it starts at once. Created by this nonced script, it is allowed by the policy's
 * 'strict-dynamic'.
 */
function afterFirstPaint(src: string) {
  const url = JSON.stringify(src).replace(/</g, "\\u003c");
  return [
    "(function(){var started=false;",
    `function start(){if(started)return;started=true;var s=document.createElement("script");s.src=${url};document.body.appendChild(s)}`,
    'if(document.visibilityState==="hidden")return start();',
    'try{new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length)start()}).observe({type:"paint",buffered:true})}catch(e){}',
    "requestAnimationFrame(function(){setTimeout(start,250)})})()",
  ].join("");
}

export default function ProposalRecipientPage(props: Props) {
  const title = props.kind === "proposal" ? props.title : props.kind === "too-many" ? "Too many requests" : "Proposal not available";
  return (
    <>
      {/* A link sent to one customer: never in a search engine, never leaking through a referrer. */}
      <Head>
        <title>{`${title} · Coursewright`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
      </Head>
      {props.kind === "proposal" ? (
        <>
          <div id={RECIPIENT_ROOT_ID} dangerouslySetInnerHTML={{ __html: props.html }} />
          <script id={RECIPIENT_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: props.data }} />
          {props.script ? (
            <>
              <link rel="preload" href={props.script} as="script" nonce={props.nonce ?? undefined} />
              <script nonce={props.nonce ?? undefined} dangerouslySetInnerHTML={{ __html: afterFirstPaint(props.script) }} />
            </>
          ) : null}
        </>
      ) : props.kind === "too-many" ? (
        <TooManyRequests retryAfter={props.retryAfter} />
      ) : (
        <ProposalNotFound />
      )}
    </>
  );
}
