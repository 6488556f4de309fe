import type { AppProps } from "next/app";
import Head from "next/head";
import "../app/globals.css";
// The recipient page on paper (pages/p/[uuid].tsx): global CSS is imported here in the Pages Router.
import "../components/proposals/recipient/print.css";

/** The Pages Router's pages take the app's styles and nothing else (pages/p/[uuid].tsx). */
export default function App({ Component, pageProps }: AppProps) {
  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Component {...pageProps} />
    </>
  );
}
