import { Head, Html, Main, NextScript } from "next/document";

/**
 * The document of the Pages Router's one page, the recipient's (pages/p/[uuid].tsx, see there
 * why). Next writes no script into it; the page's own script carries the request's CSP nonce.
 */
export default function AppDocument() {
  return (
    <Html lang="en">
      <Head>
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="manifest" href="/manifest.webmanifest" />
      </Head>
      <body className="min-h-screen font-sans">
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
