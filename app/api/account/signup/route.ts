// POST /api/account/signup: create an account with its personal workspace
import { routeHandler } from "@/lib/api/route-handler";
import { appService } from "@/lib/api/app-service";
import { signUpEndpoint } from "@/lib/accounts/endpoints";

export const dynamic = "force-dynamic";
export const POST = routeHandler(appService, signUpEndpoint);
