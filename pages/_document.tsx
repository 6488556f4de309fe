import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from "next/document";

/**
 * The document of the few pages served by the Pages Router (pages/p/[uuid].tsx, see there why).
 * Its scripts carry this request's CSP nonce, which proxy.ts put on the request (lib/security/csp.ts).
 */
export default class AppDocument extends Document<{ nonce?: string }> {
  static async getInitialProps(ctx: DocumentContext): Promise<DocumentInitialProps & { nonce?: string }> {
    const initial = await Document.getInitialProps(ctx);
    const nonce = ctx.req?.headers["x-nonce"];
    return { ...initial, nonce: typeof nonce === "string" ? nonce : undefined };
  }

  render() {
    const { nonce } = this.props;
    return (
      <Html lang="en">
        <Head nonce={nonce}>
          <link rel="icon" href="/icon.svg" type="image/svg+xml" />
          <link rel="icon" href="/favicon.ico" sizes="32x32" />
          <link rel="manifest" href="/manifest.webmanifest" />
        </Head>
        <body className="min-h-screen font-sans">
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    );
  }
}
