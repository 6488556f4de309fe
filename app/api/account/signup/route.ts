// POST /api/account/signup: create an account with its personal workspace
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { signUpEndpoint } from "@/lib/accounts/endpoints";
import { signUpThrottled } from "@/lib/auth/throttle-response";

export const dynamic = "force-dynamic";

const signUp = routeHandler(appService, signUpEndpoint);

export async function POST(req: Request, ctx: { params: Promise<Record<string, string>> }) {
  return (await signUpThrottled(req)) ?? signUp(req, ctx);
}
