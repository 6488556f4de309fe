export const benchDistDir: (distDir?: string) => string;
export function sourceHash(options?: { benchRoutes?: boolean }): string;
export function ensureBuild(options?: { quiet?: boolean; distDir?: string; benchRoutes?: boolean }): void;
