export function nextStartArgs(port: number | string, host?: string): string[];
export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
