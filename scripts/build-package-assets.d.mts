export declare const ASSETS_DIR: string;
export declare function buildPackageAssets(): Promise<Record<"player.js" | "package.css" | "render-pages.mjs", string>>;
